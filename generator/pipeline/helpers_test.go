package pipeline

import (
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// workspace copies the mini fixture to a temp dir, chdirs there and returns
// options building plugin-src into dist/, as a repository would.
func workspace(t *testing.T) Options {
	t.Helper()
	fixture, err := filepath.Abs("testdata/mini")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(dir, "plugin-src"), os.DirFS(fixture)))
	require.NoError(t, os.Chmod(filepath.Join(dir, "plugin-src/hooks/hello.sh"), 0o755))
	t.Chdir(dir)
	return Options{Src: "plugin-src", Dist: "dist"}
}

// treeOf reads every file under dir with its mode, for before/after checks.
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		info, _ := d.Info()
		out[p] = info.Mode().String() + "\n" + string(b)
		return nil
	})
	return out
}

func write(t *testing.T, path, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
}

// shuffledFS returns directory entries in a random order, so a test can
// prove the output does not depend on walk order.
type shuffledFS struct {
	fs.FS
	rng *rand.Rand
}

func (s shuffledFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(s.FS, name)
	if err != nil {
		return nil, err
	}
	s.rng.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
	return entries, nil
}
