package importer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotEmpty is returned when the target of Write already holds files:
// an import never overwrites a plugin-src.
var ErrNotEmpty = errors.New("directory is not empty")

// CheckTarget returns ErrNotEmpty (wrapped) when dir holds files, so a
// caller can refuse before importing; nil when it is empty or missing.
func CheckTarget(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case err == nil && len(entries) > 0:
		return fmt.Errorf("%s: %w", dir, ErrNotEmpty)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return nil
}

// Write puts the plugin-src into dir, which must not exist or be empty.
// The files are assembled in a sibling directory first and renamed into
// place, so an interrupted import leaves no half-written plugin-src.
func (r *Result) Write(dir string) error {
	if err := CheckTarget(dir); err != nil {
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
