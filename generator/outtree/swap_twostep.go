package outtree

import (
	"errors"
	"os"
	"path/filepath"
)

// swapTwoStep moves the old tree aside and the new one in. Between the two
// renames dir is briefly absent; it is only used where the file system
// cannot exchange two paths atomically. The old tree ends up at stage.
func swapTwoStep(stage, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	aside := stage + ".old"
	if err := os.Rename(dir, aside); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := os.Rename(stage, dir); err != nil {
		_ = os.Rename(aside, dir) // put the old tree back
		return err
	}
	return os.Rename(aside, stage)
}
