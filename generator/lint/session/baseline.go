package session

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/model"
)

// Updated is what --update-baseline wrote.
type Updated struct {
	Path    string
	Entries int // entries in the file now
	Total   int // findings they stand for
	Before  int // findings the file stood for before (0 when it was new)
}

func (u *Updated) String() string {
	return fmt.Sprintf("wrote %s: %d findings in %d entries (before: %d)", u.Path, u.Total, u.Entries, u.Before)
}

// baselinePath is the baseline the options name, else the one the
// configuration names (relative to it), else "".
func baselinePath(o Options, cfg *config.Config) (string, error) {
	switch {
	case o.Baseline != "":
		return o.Baseline, nil
	case cfg.BaselinePath() != "":
		return cfg.BaselinePath(), nil
	case o.UpdateBaseline:
		return "", errors.New("--update-baseline needs a baseline file: pass --baseline FILE or set baseline: in " + config.FileName)
	}
	return "", nil
}

// loadBaseline reads the baseline at where. When it is missing, the error
// names who asked for it: the flag, or the configuration's line.
func loadBaseline(where string, cfg *config.Config, fromFlag bool) (*baseline.Baseline, error) {
	b, err := baseline.Load(where)
	if !errors.Is(err, fs.ErrNotExist) {
		return b, err
	}
	if fromFlag {
		return nil, fmt.Errorf("baseline %s does not exist; record one with `plugforge lint --baseline %s --update-baseline`", where, where)
	}
	return nil, &model.PosError{File: cfg.Path, Line: cfg.BaselineLine, Msg: fmt.Sprintf(
		"baseline %s does not exist; record one with --update-baseline (of plugforge build, or of plugforge lint on a built plugin), or delete the baseline key", where)}
}

// updateBaseline records the run's findings as the baseline at where,
// keeping the entries of plugins the run did not lint, writes it, then
// applies it to the run so the report shows what a later lint will.
func (r *Run) updateBaseline(where string, res lint.Result) error {
	old, err := baseline.Load(where)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// Its other plugins' entries would be lost: say so rather than
		// overwrite (a merge conflict in it is the usual cause).
		return fmt.Errorf("%w (its entries of plugins not linted now would be lost: repair it, or delete it to record afresh)", err)
	}
	keys, linted := lint.BaselineKeys(r.Units, res.Findings)
	b := baseline.Record(where, keys, old, linted)
	if err := b.Write(); err != nil {
		return err
	}
	r.Updated = &Updated{Path: where, Entries: len(b.Entries), Total: b.Total()}
	if old != nil {
		r.Updated.Before = old.Total()
	}
	res = lint.ApplyBaseline(b, r.Units, res)
	r.Findings, r.Suppressed, r.Baseline = res.Findings, res.Suppressed, res.Baseline
	return nil
}
