//go:build linux

package outtree

import (
	"errors"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// swap puts the staged tree at dir in one atomic step. With an existing dir
// it uses renameat2(RENAME_EXCHANGE), so dir is never absent; the old tree
// ends up at stage, which the caller removes.
func swap(stage, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
		return os.Rename(stage, dir)
	}
	err := unix.Renameat2(unix.AT_FDCWD, stage, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return swapTwoStep(stage, dir) // file system without exchange support
	}
	return err
}
