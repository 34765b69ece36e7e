package synth

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExactFileCounts(t *testing.T) {
	for _, n := range []int{MinFiles, 9, 50, 1000} {
		dir := t.TempDir()
		require.NoError(t, PluginSrc(filepath.Join(dir, "src"), n, 1))
		got, _, err := Size(filepath.Join(dir, "src"))
		require.NoError(t, err)
		assert.Equal(t, n, got, "PluginSrc(%d)", n)
		require.NoError(t, Plugin(filepath.Join(dir, "plugin"), n, 1))
		got, _, err = Size(filepath.Join(dir, "plugin"))
		require.NoError(t, err)
		assert.Equal(t, n, got, "Plugin(%d)", n)
	}
	dir := t.TempDir()
	require.NoError(t, Marketplace(dir, 3, 20, 1))
	got, _, err := Size(dir)
	require.NoError(t, err)
	assert.Equal(t, 1+3*20, got)
	assert.Error(t, PluginSrc(t.TempDir(), MinFiles-1, 1))
}

func TestDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	require.NoError(t, PluginSrc(a, 200, 7))
	require.NoError(t, PluginSrc(b, 200, 7))
	assert.Equal(t, tree(t, a), tree(t, b))
}

func tree(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	require.NoError(t, filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = info.Mode().String() + string(b)
		return err
	}))
	return out
}
