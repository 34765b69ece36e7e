package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLintSuppressions: through the command line, a suppressed error does
// not fail the run, the text summary counts it, and json carries it apart
// with its reason; removing the directive brings the failure back.
func TestLintSuppressions(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		".claude-plugin/plugin.json": `{"name": "p", "version": "1.0.0", "description": "d", "author": {"name": "a"}, "license": "MIT"}` + "\n",
		"commands/hello.md": "---\ndescription: Say hello\n---\n" +
			"<!-- plugforge-disable-next-line link-broken notes.md is written by the installer -->\nRead [the notes](notes.md).\n",
	}
	for p, c := range files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644))
	}
	code, out, errOut := cli("lint", "--no-config", dir)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "0 errors, 0 warnings, 0 infos in 1 plugin; 1 suppressed\n")

	code, out, _ = cli("lint", "--no-config", "--format", "json", dir)
	assert.Equal(t, exitOK, code)
	var doc struct {
		Findings   []any
		Suppressed []struct {
			Rule        string
			Suppression struct{ Kind, Justification string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Empty(t, doc.Findings)
	require.Len(t, doc.Suppressed, 1)
	assert.Equal(t, "XR006", doc.Suppressed[0].Rule)
	assert.Equal(t, "inSource", doc.Suppressed[0].Suppression.Kind)
	assert.Equal(t, "notes.md is written by the installer", doc.Suppressed[0].Suppression.Justification)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commands/hello.md"),
		[]byte("---\ndescription: Say hello\n---\nRead [the notes](notes.md).\n"), 0o644))
	code, _, _ = cli("lint", "--no-config", dir)
	assert.Equal(t, exitFail, code)
}
