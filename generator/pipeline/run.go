package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

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
}

// Build renders every selected variant, then writes each atomically.
func Build(o Options) (*BuildResult, error) {
	plan, err := MakePlan(o)
	if err != nil {
		return nil, err
	}
	root := o.Dist
	if o.Out != "" {
		root = o.Out
	}
	stage := outtree.StagingFor(root)
	if err := outtree.CleanStaging(stage); err != nil {
		return nil, err
	}
	defer outtree.CleanStaging(stage)
	mpath, mdata, err := marketplace(o, plan)
	if err != nil {
		return nil, err
	}
	res := &BuildResult{}
	for _, out := range plan.Outputs {
		var verify outtree.Verify
		if o.Verify != nil {
			id := out.ID
			verify = func(dir string) error { return o.Verify(id, dir) }
		}
		r, err := outtree.Write(out.Dir, stage, out.Files, verify)
		if err != nil {
			return nil, err
		}
		res.Variants = append(res.Variants, VariantResult{ID: out.ID, Dir: out.Dir, Result: r})
	}
	if mdata != nil {
		changed, err := writeMarketplace(mpath, mdata)
		if err != nil {
			return nil, fmt.Errorf("writing %s: %w", mpath, err)
		}
		if changed {
			res.Marketplace = mpath
		}
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

// Check renders in memory and reports every difference with dist/.
func Check(o Options) ([]outtree.Drift, error) {
	plan, err := MakePlan(o)
	if err != nil {
		return nil, err
	}
	mpath, mdata, err := marketplace(o, plan)
	if err != nil {
		return nil, err
	}
	var drift []outtree.Drift
	if mdata != nil {
		drift = append(drift, checkMarketplace(mpath, mdata)...)
	}
	for _, out := range plan.Outputs {
		d, err := outtree.Compare(out.Dir, filepath.ToSlash(out.Dir), out.Files)
		if err != nil {
			return nil, err
		}
		drift = append(drift, d...)
	}
	if plan.Full {
		for _, dir := range undeclared(o.Dist, plan) {
			drift = append(drift, outtree.Drift{Path: filepath.ToSlash(dir), Kind: outtree.Orphaned, Detail: "variant no longer declared in plugin.yaml"})
		}
		entries, _ := os.ReadDir(o.Dist)
		for _, e := range entries {
			p := filepath.Join(o.Dist, e.Name())
			if !e.IsDir() {
				drift = append(drift, outtree.Drift{Path: filepath.ToSlash(p), Kind: outtree.Orphaned, Detail: "dist/ holds only variant directories"})
			}
		}
	}
	sort.SliceStable(drift, func(i, j int) bool { return drift[i].Path < drift[j].Path })
	return drift, nil
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
