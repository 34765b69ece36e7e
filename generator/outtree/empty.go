package outtree

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrNotEmpty is returned when a directory meant for a new tree already
// holds files: init and import never overwrite an author's files.
var ErrNotEmpty = errors.New("directory is not empty")

// CheckEmpty returns ErrNotEmpty, wrapped with dir, when dir holds
// entries; nil when it is empty or missing.
func CheckEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case err == nil && len(entries) > 0:
		return fmt.Errorf("%s: %w", dir, ErrNotEmpty)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return nil
}
