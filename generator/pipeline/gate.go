package pipeline

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/format"
	"github.com/plugforge/plugforge/generator/lint/session"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// gate is the check each staged variant must pass before it replaces its
// directory: no error-level finding of plugforge lint, run with the
// configuration that sits next to plugin-src.
type gate struct {
	engine *lint.Engine
	report io.Writer
}

// newGate loads .plugforge.yaml from the directory that holds plugin-src
// (the repository root for the default --src plugin-src), whatever the
// working directory.
func newGate(o Options) (*gate, error) {
	eng, err := session.Engine(session.Options{Dir: filepath.Dir(filepath.Clean(o.Src))})
	if err != nil {
		return nil, fmt.Errorf("lint configuration: %w", err)
	}
	return &gate{engine: eng, report: o.Report}, nil
}

// check lints the variant staged at dir under the path it is about to
// have, so findings read as dist/ findings. Error findings are written to
// the report in plugforge lint's text format, and fail the check: the old
// tree stays in place.
func (g *gate) check(out Output, staged string) error {
	display := filepath.ToSlash(out.Dir)
	unit, err := snapshot.Load(staged, display, snapshot.Options{})
	if err != nil {
		return fmt.Errorf("linting %s: %w", display, err)
	}
	var errs []lint.Finding
	for _, f := range g.engine.Run([]*snapshot.Plugin{unit}) {
		if f.Severity >= lint.Error {
			errs = append(errs, f)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	if g.report != nil {
		if err := format.Write(g.report, "text", format.Report{Findings: errs, Rules: g.engine.Rules(), Plugins: 1}); err != nil {
			return err
		}
	}
	return fmt.Errorf("%d lint error(s) in the new %s; it was not written and %s is unchanged", len(errs), display, display)
}
