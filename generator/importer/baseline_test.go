package importer

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint/baseline"
)

// defective is the plugin of cmd/plugforge/testdata/defective: one agent
// with an unknown model, two references to a command it does not have.
const defective = "../../cmd/plugforge/testdata/defective"

func exists(p string) bool { _, err := os.Lstat(p); return err == nil }

// Import never overwrites a file: a baseline that no configuration names
// is refused before anything is written.
func TestImportRefusesAnUnnamedBaseline(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, baseline.DefaultName)
	require.NoError(t, os.WriteFile(mine, []byte("mine"), 0o644))
	_, err := ImportTo(defective, filepath.Join(dir, "plugin-src"), Options{}, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "plugforge-baseline.json exists and no .plugforge.yaml names it; import never overwrites files")
	assert.False(t, exists(filepath.Join(dir, "plugin-src")), "nothing is written")
	assert.False(t, exists(filepath.Join(dir, ".plugforge.yaml")))
	data, _ := os.ReadFile(mine)
	assert.Equal(t, "mine", string(data))
}

// An existing .plugforge.yaml is never edited: one without a baseline key
// gets a line saying what to add; one that names a baseline gets this
// plugin's entries in it, beside the other plugins'.
func TestImportWithAnExistingConfiguration(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, ".plugforge.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("rules:\n  disable: [MF007]\n"), 0o644))
	res, err := ImportTo(defective, filepath.Join(dir, "plugin-src"), Options{}, io.Discard)
	require.NoError(t, err)
	require.NotNil(t, res.Baseline)
	assert.Equal(t, 3, res.Baseline.Findings, "the configuration's disable applies: MF007 is not recorded")
	assert.Equal(t, 3, res.Baseline.Errors)
	assert.Contains(t, res.Summary(defective, "plugin-src"), "add `baseline: plugforge-baseline.json` to "+cfg+": until then plugforge build refuses the 3 errors\n")
	data, _ := os.ReadFile(cfg)
	assert.Equal(t, "rules:\n  disable: [MF007]\n", string(data))
	assert.True(t, exists(filepath.Join(dir, baseline.DefaultName)))

	dir = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".plugforge.yaml"), []byte("baseline: lint/known.json\n"), 0o644))
	other := baseline.Record(filepath.Join(dir, "lint", "known.json"),
		[]baseline.Key{{Plugin: "other", Path: "a.md", Rule: "XR003", Message: "m"}}, nil, nil)
	require.NoError(t, other.Write())
	res, err = ImportTo(defective, filepath.Join(dir, "plugin-src"), Options{}, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "lint", "known.json"), res.Baseline.Path)
	assert.Empty(t, res.Baseline.Config, "the configuration was there")
	got, err := baseline.Load(res.Baseline.Path)
	require.NoError(t, err)
	var plugins []string
	for _, e := range got.Entries {
		plugins = append(plugins, e.Plugin)
	}
	assert.Equal(t, "kit kit kit kit other", strings.Join(plugins, " "))
}

// A plugin without findings gets no baseline and no configuration.
func TestImportCleanPluginWritesNoBaseline(t *testing.T) {
	dir := t.TempDir()
	plugin := filepath.Join(dir, "in")
	for p, data := range map[string]string{
		".claude-plugin/plugin.json": "{\n  \"name\": \"tidy\",\n  \"version\": \"1.0.0\",\n  \"description\": \"Sorts the imports of the file you name\",\n  \"author\": {\n    \"name\": \"Ada\"\n  }\n}\n",
		"commands/sort.md":           "---\ndescription: Sort the imports of a file\nargument-hint: \"<file>\"\n---\n\nSort the import lines of $ARGUMENTS alphabetically, keeping groups apart.\n",
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(plugin, p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(plugin, p), []byte(data), 0o644))
	}
	res, err := ImportTo(plugin, filepath.Join(dir, "plugin-src"), Options{}, io.Discard)
	require.NoError(t, err)
	assert.Nil(t, res.Baseline)
	assert.False(t, exists(filepath.Join(dir, ".plugforge.yaml")))
	assert.False(t, exists(filepath.Join(dir, baseline.DefaultName)))
}
