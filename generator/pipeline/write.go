package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
)

// writeIfChanged replaces the file at path with data, atomically (through
// a temporary file beside it and a rename), and only if its bytes differ.
func writeIfChanged(path string, data []byte, mode os.FileMode) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, err
	}
	tmp := path + ".plugforge-tmp"
	if err := os.WriteFile(tmp, data, mode); err != nil {
		return false, err
	}
	if err := os.Chmod(tmp, mode); err != nil { // WriteFile's mode is subject to umask
		os.Remove(tmp)
		return false, err
	}
	return true, os.Rename(tmp, path)
}
