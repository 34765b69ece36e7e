package fix

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// Apply writes every planned file. It stops at the first error; files
// written before it stay fixed (each write is atomic, so no file is left
// half written).
func Apply(p *Plan) error {
	for _, pf := range p.Files {
		if err := pf.write(); err != nil {
			return fmt.Errorf("%s: %w", pf.Display, err)
		}
	}
	return nil
}

func (pf *File) write() error {
	st, err := os.Lstat(pf.Abs)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("no longer a regular file; not fixed")
	}
	cur, err := os.ReadFile(pf.Abs)
	if err != nil {
		return err
	}
	if !bytes.Equal(cur, pf.Base) || st.Mode().Perm() != pf.OldMode.Perm() {
		return fmt.Errorf("changed since it was linted; not fixed (run plugforge lint --fix again)")
	}
	if len(pf.Edits) == 0 {
		return os.Chmod(pf.Abs, pf.NewMode())
	}
	return writeAtomic(pf.Abs, pf.Result(), pf.NewMode())
}

// writeAtomic replaces path with data and mode: a reader sees the old file
// or the new one, never a mix, and a crash leaves at worst a stray
// temporary file beside it.
func writeAtomic(path string, data []byte, mode os.FileMode) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".plugforge-fix-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
