package importer

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/outtree"
)

// ImportTo imports the plugin in dir (Import), prints its messages to
// report, one a line, and writes its plugin-src to out (Write). When the
// plugin has lint findings, it records them in a baseline beside out, so
// that the build's lint gate holds them back (planBaseline). A target that
// holds files is refused before the work of importing.
func ImportTo(dir, out string, o Options, report io.Writer) (*Result, error) {
	if err := outtree.CheckEmpty(out); err != nil {
		return nil, err
	}
	res, err := Import(dir, o)
	if err != nil {
		return nil, err
	}
	if res.Baseline, err = res.planBaseline(out); err != nil {
		return nil, err
	}
	for _, m := range res.Messages {
		fmt.Fprintln(report, m)
	}
	if err := res.Write(out); err != nil {
		return nil, err
	}
	if res.Baseline != nil {
		return res, res.Baseline.write()
	}
	return res, nil
}

// Write puts the plugin-src into dir, which must not exist or be empty.
// The files are assembled in a sibling directory first and renamed into
// place, so an interrupted import leaves no half-written plugin-src.
func (r *Result) Write(dir string) error {
	if err := outtree.CheckEmpty(dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	stage, err := os.MkdirTemp(parent, ".plugforge-import-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)                      // gone once renamed
	if err := os.Chmod(stage, 0o755); err != nil { // MkdirTemp makes it 0700
		return err
	}
	for _, f := range r.Files {
		p := filepath.Join(stage, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		mode := fs.FileMode(0o644)
		if f.Exec {
			mode = 0o755
		}
		if err := os.WriteFile(p, f.Data, mode); err != nil {
			return err
		}
		if err := os.Chmod(p, mode); err != nil { // WriteFile's mode is subject to umask
			return err
		}
	}
	if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) { // empty, checked above
		return err
	}
	return os.Rename(stage, dir)
}
