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

// Options say which configuration applies.
type Options struct {
	Config   string // a configuration file; "" looks for .plugforge.yaml in Dir
	Dir      string // where to look for it
	NoConfig bool   // the rules' defaults, whatever files there are
}

// Engine is the whole rule set with the configuration applied.
func Engine(o Options) (*lint.Engine, error) {
	var cfg *config.Config
	if !o.NoConfig {
		var err error
		if cfg, err = config.Discover(o.Config, o.Dir); err != nil {
			return nil, err
		}
	}
	eng, err := lint.New(rules.All(), cfg)
	if err != nil {
		return nil, err
	}
	eng.Retired = rules.Retired
	return eng, nil
}

// Run is a finished lint run.
type Run struct {
	Engine   *lint.Engine
	Units    []*snapshot.Plugin
	Findings []lint.Finding
	// Suppressed are the findings a directive or an ignore suppressed.
	Suppressed []lint.Finding
}

// Lint lints the plugins at paths (snapshot.ResolveAll: none means dist/).
// A lint keeps most of what it allocates until it ends, so it starts with
// a 64 MB heap goal instead of Go's 4 MB (generator/internal/startheap).
func Lint(o Options, paths []string) (*Run, error) {
	return lintOver(o, paths, nil)
}

// lintOver is Lint with an overlay of file contents (snapshot.Overlay).
func lintOver(o Options, paths []string, overlay map[string]snapshot.Overlay) (*Run, error) {
	startheap.Raise(64 << 20)
	schemas.Warm("plugin.schema.json")
	eng, err := Engine(o)
	if err != nil {
		return nil, err
	}
	units, err := snapshot.ResolveAll(paths, snapshot.Options{Overlay: overlay})
	if err != nil {
		return nil, err
	}
	res := eng.RunAll(units)
	return &Run{Engine: eng, Units: units, Findings: res.Findings, Suppressed: res.Suppressed}, nil
}

// Report is what format prints of the run; version names plugforge.
func (r *Run) Report(version string) format.Report {
	return format.Report{Findings: r.Findings, Suppressed: r.Suppressed, Rules: r.Engine.Rules(), Plugins: len(r.Units), Version: version}
}
