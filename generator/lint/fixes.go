package lint

import (
	"fmt"
	"io/fs"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Fix is the mechanical repair that comes with a finding: byte edits on
// one file, a new permission mode for it, or both. A rule builds it from
// what it saw and hands it to Pass.ReportFix; the runner then stamps where
// the file lives and whether plugforge generated it. Package
// generator/lint/fix plans, applies and renders fixes.
type Fix struct {
	// Path is the plugin-relative path of the file the fix changes, which
	// need not be the finding's file (HK008 reports at hooks.json and fixes
	// the script's mode). "" means the finding's file.
	Path  string
	Edits []Edit      // offsets into the file's bytes as linted
	Mode  fs.FileMode // permission bits to set; 0 leaves the mode alone

	// Stamped by the runner.
	Abs       string      // where the file is on disk
	Display   string      // how output names the file (plugin display root + Path)
	Source    string      // the plugforge source that produced the file, if any
	Generated bool        // the file is in a variant plugforge built: never edited; fix Source instead
	Base      []byte      // the content the edits were computed from
	OldMode   fs.FileMode // the file's mode (from Lstat) when linted
}

// Edit replaces the bytes [Start, End) with New; Start == End inserts.
type Edit struct {
	Start, End int
	New        string
}

// ReportFix is Reportf for a finding that comes with fix. Only rules that
// document their fix (Doc.Fix) may call it: the documentation is the
// promise to users that the repair is mechanical and safe.
func (p *Pass) ReportFix(at snapshot.Loc, fix Fix, hint, format string, args ...any) {
	if p.Rule.Doc.Fix == "" {
		panic(fmt.Sprintf("rule %s reports a fix but its Doc has no Fix", p.Rule.ID))
	}
	if fix.Path == "" {
		fix.Path = at.Path
	}
	p.fix = &fix
	defer func() { p.fix = nil }()
	p.Reportf(at, hint, format, args...)
}

// stampFix completes a finding's fix from the unit it was found in; a fix
// whose file is not a regular file of the snapshot is dropped, so the
// finding stays but nothing is edited.
func stampFix(fx *Fix, unit *snapshot.Plugin) *Fix {
	f := unit.File(fx.Path)
	if f == nil || !f.IsRegular() || f.Data == nil && len(fx.Edits) > 0 {
		return nil
	}
	out := *fx
	out.Abs, out.Display, out.Base, out.OldMode = f.Abs, Join(unit, fx.Path), f.Data, f.Mode
	out.Source = unit.Sources[fx.Path]
	// Every file of a variant plugforge built (one with a provenance
	// manifest) is its output, listed or not: dist/ is only ever written
	// by plugforge build.
	out.Generated = unit.Provenance != nil
	return &out
}
