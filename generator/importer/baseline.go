package importer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/session"
	"github.com/plugforge/plugforge/generator/pipeline"
)

// Baselined is what an import recorded of the plugin's own lint findings,
// so that `plugforge build`, whose lint gate refuses error findings,
// builds the plugin as it was and still stops on new ones.
type Baselined struct {
	Path     string // the baseline file
	Findings int    // findings recorded
	Errors   int    // of which errors: those the gate would refuse
	// Config is the .plugforge.yaml import wrote to name the baseline; ""
	// when one was there already.
	Config string
	// Unnamed is set when a .plugforge.yaml was there and names no
	// baseline: the user must add the key (import does not edit it).
	Unnamed string

	b *baseline.Baseline
}

// configLine is the whole .plugforge.yaml an import writes when there is
// none beside plugin-src.
const configLine = "# Written by plugforge import: the findings the plugin shipped with, held back\n" +
	"# by plugforge lint and by plugforge build's lint gate (new ones still fail).\n" +
	"baseline: " + baseline.DefaultName + "\n"

// planBaseline lints the imported plugin's build as the build's gate will
// (with the configuration beside out) and prepares a baseline of its
// findings: the one that configuration names, updated for this plugin, or
// a new plugforge-baseline.json. It writes nothing, and refuses to
// overwrite a baseline no configuration names.
func (r *Result) planBaseline(out string) (*Baselined, error) {
	dir := filepath.Dir(filepath.Clean(out))
	cfg, err := config.Discover("", dir)
	if err != nil {
		return nil, err
	}
	target := cfg.BaselinePath()
	if target == "" {
		target = filepath.Join(dir, baseline.DefaultName)
	}
	eng, err := session.Engine(session.Options{Dir: dir, Baseline: target, UpdateBaseline: true})
	if err != nil {
		return nil, err
	}
	units, res, err := pipeline.LintOutput(*r.output, eng)
	if err != nil {
		return nil, err
	}
	if len(res.Findings) == 0 {
		return nil, nil
	}
	var old *baseline.Baseline
	if cfg.BaselinePath() != "" {
		if old, err = baseline.Load(target); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	} else if _, err := os.Lstat(target); err == nil {
		return nil, fmt.Errorf("%s exists and no %s names it; import never overwrites files: move it away, or name it with baseline: in %s",
			target, config.FileName, filepath.Join(dir, config.FileName))
	}
	keys, linted := lint.BaselineKeys(units, res.Findings)
	bl := &Baselined{Path: target, Findings: len(res.Findings), Errors: lint.Count(res.Findings)[lint.Error],
		b: baseline.Record(target, keys, old, linted)}
	switch {
	case cfg == nil:
		bl.Config = filepath.Join(dir, config.FileName)
	case cfg.BaselinePath() == "":
		bl.Unnamed = cfg.Path
	}
	return bl, nil
}

// write writes the baseline, then the configuration that names it (a new
// file: created exclusively, so a concurrent one is not overwritten).
func (bl *Baselined) write() error {
	if err := bl.b.Write(); err != nil {
		return err
	}
	if bl.Config == "" {
		return nil
	}
	f, err := os.OpenFile(bl.Config, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("naming the baseline: %w", err)
	}
	if _, err := f.WriteString(configLine); err != nil {
		f.Close()
		return fmt.Errorf("naming the baseline: %w", err)
	}
	return f.Close()
}

// String says what was recorded and, when the configuration does not name
// the baseline, what to add.
func (bl *Baselined) String() string {
	s := fmt.Sprintf("lint: the %d findings the plugin ships with (%d errors) are recorded in %s, so plugforge build reports only new ones\n",
		bl.Findings, bl.Errors, bl.Path)
	if bl.Config != "" {
		s += fmt.Sprintf("wrote %s naming it\n", bl.Config)
	}
	if bl.Unnamed != "" {
		s += fmt.Sprintf("add `baseline: %s` to %s: until then plugforge build refuses the %d errors\n",
			filepath.ToSlash(mustRel(filepath.Dir(bl.Unnamed), bl.Path)), bl.Unnamed, bl.Errors)
	}
	return s
}

func mustRel(base, target string) string {
	if rel, err := filepath.Rel(base, target); err == nil {
		return rel
	}
	return target
}
