package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/harness"
)

// TestScenariosLoad runs without the CLI, in `go test ./...`: every
// scenario of the suite passes the schema, every suite belongs to a built
// variant, and every file opens with the comment saying what it proves.
func TestScenariosLoad(t *testing.T) {
	root := repoRoot(t)
	dirs, err := filepath.Glob(filepath.Join(root, "plugin-src", "scenarios", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, dir := range dirs {
		name := filepath.Base(dir)
		got, err := pluginName(filepath.Join(root, "dist", name))
		require.NoError(t, err, "scenarios/%s has no built variant dist/%s", name, name)
		assert.Equal(t, name, got)
		scs, err := harness.LoadScenarios([]string{dir})
		require.NoError(t, err)
		require.NotEmpty(t, scs, dir)
		for _, sc := range scs {
			data, err := os.ReadFile(sc.Path)
			require.NoError(t, err)
			assert.True(t, strings.HasPrefix(string(data), "# Proves"), "%s: open with a '# Proves' comment", sc.Path)
			assert.NotEmpty(t, sc.Description, sc.Path)
		}
	}
}
