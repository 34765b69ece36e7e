package session

import (
	"github.com/plugforge/plugforge/generator/internal/startheap"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/format"
	"github.com/plugforge/plugforge/generator/lint/rules"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/schemas"
)

// Options say which configuration and baseline apply.
type Options struct {
	Config   string // a configuration file; "" looks for .plugforge.yaml in Dir
	Dir      string // where to look for it
	NoConfig bool   // the rules' defaults, whatever files there are
	// Baseline is a baseline file (--baseline); "" means the one the
	// configuration names, if any.
	Baseline string
	// UpdateBaseline records the run's findings as the baseline instead of
	// applying it (--update-baseline); Lint then writes the file.
	UpdateBaseline bool
}

// Engine is the whole rule set with the configuration applied, and the
// baseline (unless the options update it). A baseline that is named but
// missing is an error: linting everything under a mistyped name would
// look like a plugin that grew new findings.
func Engine(o Options) (*lint.Engine, error) {
	eng, _, err := engine(o)
	return eng, err
}

// engine is Engine and the baseline's path ("" for none).
func engine(o Options) (*lint.Engine, string, error) {
	var cfg *config.Config
	if !o.NoConfig {
		var err error
		if cfg, err = config.Discover(o.Config, o.Dir); err != nil {
			return nil, "", err
		}
	}
	eng, err := lint.New(rules.All(), cfg)
	if err != nil {
		return nil, "", err
	}
	eng.Retired = rules.Retired
	where, err := baselinePath(o, cfg)
	if err != nil || where == "" || o.UpdateBaseline {
		return eng, where, err
	}
	if eng.Baseline, err = loadBaseline(where, cfg, o.Baseline != ""); err != nil {
		return nil, "", err
	}
	return eng, where, nil
}

// Run is a finished lint run.
type Run struct {
	Engine   *lint.Engine
	Units    []*snapshot.Plugin
	Findings []lint.Finding
	// Suppressed are the findings a directive, an ignore or the baseline
	// suppressed.
	Suppressed []lint.Finding
	// Baseline says what the baseline held back and what it holds that no
	// finding matched; nil without a baseline.
	Baseline *lint.BaselineReport
	// Updated is set when the run rewrote the baseline (UpdateBaseline).
	Updated *Updated
}

// Lint lints the plugins at paths (snapshot.ResolveAll: none means dist/).
// It starts with a 16 MB heap goal instead of Go's 4 MB
// (generator/internal/startheap): enough that a small plugin's lint (the
// schema compile and a few files) collects nothing, and small enough that
// a large one reuses memory it has freed instead of touching new pages.
// 64 MB, the goal before, left a lint of a 223-file plugin with 43 MB
// peak and about 8,800 page faults; 16 MB has 31 MB and about 5,600, and
// whole-process CPU fell to 0.87 of what it was (page faults cost more
// than the collections they save).
func Lint(o Options, paths []string) (*Run, error) {
	return lintOver(o, paths, nil)
}

// lintOver is Lint with an overlay of file contents (snapshot.Overlay).
func lintOver(o Options, paths []string, overlay map[string]snapshot.Overlay) (*Run, error) {
	startheap.Raise(16 << 20)
	schemas.Warm("plugin.schema.json")
	eng, where, err := engine(o)
	if err != nil {
		return nil, err
	}
	units, err := snapshot.ResolveAll(paths, snapshot.Options{Overlay: overlay})
	if err != nil {
		return nil, err
	}
	res := eng.RunAll(units)
	run := &Run{Engine: eng, Units: units, Findings: res.Findings, Suppressed: res.Suppressed, Baseline: res.Baseline}
	if o.UpdateBaseline {
		if err := run.updateBaseline(where, res); err != nil {
			return nil, err
		}
	}
	return run, nil
}

// Report is what format prints of the run; version names plugforge.
func (r *Run) Report(version string) format.Report {
	return format.Report{Findings: r.Findings, Suppressed: r.Suppressed, Rules: r.Engine.Rules(), Plugins: len(r.Units),
		Version: version, Baseline: r.Baseline}
}
