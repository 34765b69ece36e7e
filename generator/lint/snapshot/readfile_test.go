package snapshot

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// readFile reads what os.ReadFile reads, whatever size the walk saw (the
// file may have grown or shrunk since), and fails the same way.
func TestReadFileIsOSReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 511, 4096, 100000} {
		p := filepath.Join(dir, "f")
		data := bytes.Repeat([]byte("abcdefg\n"), n/8+1)[:n]
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, size := range []int64{int64(n), 0, int64(n) / 2, int64(n) * 2} {
			got, err := readFile(p, size)
			if err != nil || !bytes.Equal(got, data) || got == nil {
				t.Errorf("%d bytes, walk size %d: got %d bytes, %v", n, size, len(got), err)
			}
		}
	}
	_, err := readFile(filepath.Join(dir, "missing"), 10)
	_, want := os.ReadFile(filepath.Join(dir, "missing"))
	if !errors.Is(err, fs.ErrNotExist) || unwrapPathErr(err).Error() != unwrapPathErr(want).Error() {
		t.Errorf("missing file: %v, want %v", err, want)
	}
}
