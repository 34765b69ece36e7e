package outtree

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/model"
)

// StagingName prefixes the directory beside dist/ where new trees are assembled.
// It sits outside dist/ so a killed build never leaves temp files inside it.
const StagingName = ".plugforge-staging"

// Result says what Write did to one variant directory.
type Result struct {
	Written, Unchanged, Removed int
	Swapped                     bool
}

// String says what the write did: "up to date", or the counts of a swap.
func (r Result) String() string {
	if !r.Swapped {
		return "up to date"
	}
	return fmt.Sprintf("%d written, %d unchanged, %d removed", r.Written, r.Unchanged, r.Removed)
}

// Verify inspects a fully staged tree before it replaces the old one; an
// error aborts the write and leaves the old tree in place.
type Verify func(stagedDir string) error

// Write makes dir hold exactly files, atomically: either the old tree or
// the new one is visible at dir at every instant. The new tree is staged
// under stageRoot, which must be on dir's file system and outside dist/.
// If nothing differs it touches nothing.
func Write(dir, stageRoot string, files []File, verify Verify) (Result, error) {
	var res Result
	drift, err := Compare(dir, dir, files)
	if err != nil {
		return res, err
	}
	if len(drift) == 0 {
		res.Unchanged = len(files)
		return res, nil
	}
	if err := os.MkdirAll(stageRoot, 0o755); err != nil {
		return res, fmt.Errorf("creating staging area: %w", err)
	}
	stage, err := os.MkdirTemp(stageRoot, filepath.Base(dir)+"-")
	if err != nil {
		return res, fmt.Errorf("creating staging area: %w", err)
	}
	defer os.RemoveAll(stage) // after a swap this holds the old tree
	for _, f := range files {
		dst := filepath.Join(stage, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return res, fmt.Errorf("staging %s: %w", f.Path, err)
		}
		old := filepath.Join(dir, filepath.FromSlash(f.Path))
		if same(old, f) && os.Link(old, dst) == nil {
			res.Unchanged++ // same inode: the file is not rewritten
			continue
		}
		if err := os.WriteFile(dst, f.Data, f.Mode.Perm()); err != nil {
			return res, fmt.Errorf("staging %s: %w", f.Path, err)
		}
		if err := os.Chmod(dst, f.Mode.Perm()); err != nil { // WriteFile's mode is subject to umask
			return res, fmt.Errorf("staging %s: %w", f.Path, err)
		}
		res.Written++
	}
	for _, d := range drift {
		if d.Kind == Orphaned {
			res.Removed++
		}
	}
	if verify != nil {
		if err := verify(stage); err != nil {
			return res, err
		}
	}
	if err := swap(stage, dir); err != nil {
		return res, fmt.Errorf("replacing %s: %w", dir, err)
	}
	res.Swapped = true
	return res, nil
}

// StagingFor is the staging root used for writes under root (dist/ or an
// --out directory): a sibling of it, so on the same file system.
func StagingFor(root string) string {
	root = filepath.Clean(root)
	return filepath.Join(filepath.Dir(root), StagingName+"-"+filepath.Base(root))
}

// CleanStaging removes trees left by a build that was killed mid-way.
func CleanStaging(root string) error {
	if err := os.RemoveAll(root); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing stale staging area: %w", err)
	}
	return nil
}

// RemoveVariant deletes a variant directory no longer declared, but only if
// plugforge made it (it has a manifest): dist/ may hold nothing else.
func RemoveVariant(dir, stageRoot string) (bool, error) {
	if _, err := os.Stat(filepath.Join(dir, model.ProvenancePath)); err != nil {
		return false, nil
	}
	if err := os.MkdirAll(stageRoot, 0o755); err != nil {
		return false, err
	}
	grave := filepath.Join(stageRoot, "removed-"+filepath.Base(dir))
	_ = os.RemoveAll(grave)
	if err := os.Rename(dir, grave); err != nil { // atomic disappearance
		return false, err
	}
	return true, os.RemoveAll(grave)
}

func same(path string, f File) bool {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() || info.Mode().Perm() != f.Mode.Perm() {
		return false
	}
	b, err := os.ReadFile(path)
	return err == nil && bytes.Equal(b, f.Data)
}
