package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/session"
)

// configDir is where the gate looks for .plugforge.yaml: the directory that
// holds plugin-src (the repository root for the default --src plugin-src),
// whatever the working directory.
func configDir(o Options) string { return filepath.Dir(filepath.Clean(o.Src)) }

// recordBaseline lints every planned variant as the gate would, without
// the baseline, and records the findings in the baseline the configuration
// names (`plugforge build --update-baseline`), keeping the entries of
// plugins this build does not make. Nothing is written: Build writes it
// once every variant is in place.
func recordBaseline(o Options, plan *Plan) (*baseline.Baseline, error) {
	dir := configDir(o)
	cfg, err := config.Discover("", dir)
	if err != nil {
		return nil, fmt.Errorf("lint configuration: %w", err)
	}
	where := cfg.BaselinePath()
	if where == "" {
		return nil, fmt.Errorf("--update-baseline: no baseline to update; name one with `baseline: %s` in %s",
			baseline.DefaultName, filepath.Join(dir, config.FileName))
	}
	eng, err := session.Engine(session.Options{Dir: dir, UpdateBaseline: true})
	if err != nil {
		return nil, fmt.Errorf("lint configuration: %w", err)
	}
	var keys []baseline.Key
	linted := map[string]bool{}
	for _, out := range plan.Outputs {
		units, res, err := LintOutput(out, eng)
		if err != nil {
			return nil, err
		}
		k, l := lint.BaselineKeys(units, res.Findings)
		keys = append(keys, k...)
		for name := range l {
			linted[name] = true
		}
	}
	old, err := baseline.Load(where)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return baseline.Record(where, keys, old, linted), nil
}
