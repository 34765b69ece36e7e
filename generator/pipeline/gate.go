package pipeline

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/lint/format"
	"github.com/plugforge/plugforge/generator/lint/session"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// gate is the check each staged variant must pass before it replaces its
// directory: no error-level finding of plugforge lint, run with the
// configuration that sits next to plugin-src and the baseline it names
// (findings the baseline records do not stop the build).
type gate struct {
	engine *lint.Engine
	report io.Writer
	// notes say which variants have baseline entries no finding matched.
	notes []string
}

// newGate loads .plugforge.yaml from the directory that holds plugin-src
// (the repository root for the default --src plugin-src), whatever the
// working directory. recorded, when set, is the baseline `build
// --update-baseline` is about to write; the gate applies it instead of the
// file on disk.
func newGate(o Options, recorded *baseline.Baseline) (*gate, error) {
	eng, err := session.Engine(session.Options{Dir: configDir(o), UpdateBaseline: recorded != nil})
	if err != nil {
		return nil, fmt.Errorf("lint configuration: %w", err)
	}
	if recorded != nil {
		eng.Baseline = recorded
	}
	return &gate{engine: eng, report: o.Report}, nil
}

// check lints the variant staged at dir under the path it is about to
// have, so findings read as dist/ findings. Error findings are written to
// the report in plugforge lint's text format, and fail the check: the old
// tree stays in place.
func (g *gate) check(out Output, staged string) error {
	display := filepath.ToSlash(out.Dir)
	_, res, err := lintStaged(g.engine, out, staged)
	if err != nil {
		return err
	}
	if b := res.Baseline; b != nil && len(b.Stale) > 0 {
		g.notes = append(g.notes, fmt.Sprintf("%s: %d baselined finding(s) of %s no longer found; `plugforge build --update-baseline` prunes them",
			display, b.StaleCount(), b.Path))
	}
	var errs []lint.Finding
	for _, f := range res.Findings {
		if f.Severity >= lint.Error {
			errs = append(errs, f)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	if g.report != nil {
		rep := format.Report{Findings: errs, Rules: g.engine.Rules(), Plugins: 1, Baseline: res.Baseline}
		if err := format.Write(g.report, "text", rep); err != nil {
			return err
		}
	}
	return fmt.Errorf("%d lint error(s) in the new %s; it was not written and %s is unchanged", len(errs), display, display)
}

// lintStaged lints the tree of out staged at dir, under the directory it
// is about to have.
func lintStaged(eng *lint.Engine, out Output, dir string) ([]*snapshot.Plugin, lint.Result, error) {
	display := filepath.ToSlash(out.Dir)
	unit, err := snapshot.Load(dir, display, snapshot.Options{})
	if err != nil {
		return nil, lint.Result{}, fmt.Errorf("linting %s: %w", display, err)
	}
	units := []*snapshot.Plugin{unit}
	return units, eng.RunAll(units), nil
}

// LintOutput lints out as the gate would, before anything is written
// where it goes: staged in a temporary directory, displayed under out.Dir.
// plugforge import uses it to record the findings an imported plugin
// ships with.
func LintOutput(out Output, eng *lint.Engine) ([]*snapshot.Plugin, lint.Result, error) {
	dir, err := os.MkdirTemp("", "plugforge-lint-")
	if err != nil {
		return nil, lint.Result{}, fmt.Errorf("staging %s for lint: %w", out.Dir, err)
	}
	defer os.RemoveAll(dir)
	for _, f := range out.Files {
		dst := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, lint.Result{}, fmt.Errorf("staging %s for lint: %w", f.Path, err)
		}
		if err := os.WriteFile(dst, f.Data, f.Mode.Perm()); err != nil {
			return nil, lint.Result{}, fmt.Errorf("staging %s for lint: %w", f.Path, err)
		}
		if err := os.Chmod(dst, f.Mode.Perm()); err != nil { // WriteFile's mode is subject to umask
			return nil, lint.Result{}, fmt.Errorf("staging %s for lint: %w", f.Path, err)
		}
	}
	return lintStaged(eng, out, dir)
}
