package pipeline

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/outtree"
)

// VariantResult is what Build did to one variant.
type VariantResult struct {
	ID  string
	Dir string
	outtree.Result
}

// BuildResult summarises a build.
type BuildResult struct {
	Variants []VariantResult
	Removed  []string // undeclared variant directories removed
	// Marketplace is the marketplace.json path if it was rewritten.
	Marketplace string
	// Readme is the README path if its workflow graph was rewritten.
	Readme string
	// Baseline says what --update-baseline recorded; "" otherwise.
	Baseline string
	// Stale are the lint gate's notes about baseline entries no finding
	// matched, one per variant it linted.
	Stale []string
}

// Lines are what a build prints: "built DIR: RESULT" per variant, then
// the notes; none when quiet.
func (r *BuildResult) Lines(quiet bool) []string {
	if quiet {
		return nil
	}
	var lines []string
	for _, v := range r.Variants {
		lines = append(lines, fmt.Sprintf("built %s: %s", v.Dir, v.Result))
	}
	return append(lines, r.Notes()...)
}

// Notes are the lines a build prints after its variants: what else it
// wrote or removed.
func (r *BuildResult) Notes() []string {
	var notes []string
	if r.Marketplace != "" {
		notes = append(notes, "wrote "+r.Marketplace)
	}
	if r.Readme != "" {
		notes = append(notes, "updated "+r.Readme+" (workflow graph)")
	}
	for _, d := range r.Removed {
		notes = append(notes, "removed "+d+" (variant no longer declared)")
	}
	if r.Baseline != "" {
		notes = append(notes, r.Baseline)
	}
	return append(notes, r.Stale...)
}

// Build renders every selected variant once, then writes each atomically
// after it passes the lint gate, then brings the marketplace and the
// README's workflow graph in step. Nothing is written unless every variant
// rendered.
func Build(o Options) (*BuildResult, error) {
	p, err := project(o)
	if err != nil {
		return nil, err
	}
	plan := p.plan
	root := o.Dist
	if o.Out != "" {
		root = o.Out
	}
	stage := outtree.StagingFor(root)
	if err := outtree.CleanStaging(stage); err != nil {
		return nil, err
	}
	defer outtree.CleanStaging(stage)
	var recorded *baseline.Baseline
	if o.UpdateBaseline {
		if recorded, err = recordBaseline(o, plan); err != nil {
			return nil, err
		}
	}
	gate, err := newGate(o, recorded)
	if err != nil {
		return nil, err
	}
	res := &BuildResult{}
	for _, out := range plan.Outputs {
		verify := func(dir string) error { return gate.check(out, dir) }
		r, err := outtree.Write(out.Dir, stage, out.Files, verify)
		if err != nil {
			return nil, err
		}
		res.Variants = append(res.Variants, VariantResult{ID: out.ID, Dir: out.Dir, Result: r})
	}
	res.Stale = gate.notes
	if recorded != nil {
		if err := recorded.Write(); err != nil {
			return nil, err
		}
		res.Baseline = fmt.Sprintf("recorded %d lint findings in %s", recorded.Total(), recorded.Path)
	}
	if p.market != nil {
		changed, err := writeIfChanged(p.marketPath, p.market, 0o644)
		if err != nil {
			return nil, fmt.Errorf("writing %s: %w", p.marketPath, err)
		}
		if changed {
			res.Marketplace = p.marketPath
		}
	}
	if p.readme.stale() {
		if _, err := writeIfChanged(p.readme.path, p.readme.synced, p.readme.mode); err != nil {
			return nil, fmt.Errorf("writing %s: %w", p.readme.path, err)
		}
		res.Readme = p.readme.path
	}
	if plan.Full {
		for _, dir := range undeclared(o.Dist, plan) {
			removed, err := outtree.RemoveVariant(dir, stage)
			if err != nil {
				return nil, fmt.Errorf("removing undeclared variant %s: %w", dir, err)
			}
			if removed {
				res.Removed = append(res.Removed, dir)
			}
		}
	}
	return res, nil
}

// undeclared lists directories in dist/ that are not a declared variant.
func undeclared(distDir string, plan *Plan) []string {
	declared := map[string]bool{}
	for _, out := range plan.Outputs {
		declared[out.ID] = true
	}
	entries, _ := os.ReadDir(distDir)
	var out []string
	for _, e := range entries {
		if e.IsDir() && !declared[e.Name()] {
			out = append(out, filepath.Join(distDir, e.Name()))
		}
	}
	return out
}
