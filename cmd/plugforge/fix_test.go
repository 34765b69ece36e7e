package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLintFix: --dry-run shows the fix and exits 1 without writing; --fix
// writes it, prints what remains (a warning it cannot fix) and exits by
// --fail-on on what remains; a dry run afterwards has nothing to show.
func TestLintFix(t *testing.T) {
	t.Chdir(t.TempDir())
	files := map[string]string{
		"p/.claude-plugin/plugin.json": `{"name": "p", "description": "d", "author": {"name": "a"}}` + "\n", // no version: MF004
		"p/commands/go.md":             "---\ndescription: Go\n---\nGo.\n",
		"p/scripts/x.sh":               "#!/usr/bin/env bash\r\necho x\r\n", // HK010, an error
	}
	for rel, data := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(rel), 0o755))
		require.NoError(t, os.WriteFile(rel, []byte(data), 0o644))
	}

	code, out, errOut := cli("lint", "--no-config", "--fix", "--dry-run", "p")
	assert.Equal(t, exitFail, code, errOut)
	assert.Equal(t, "diff --git a/p/scripts/x.sh b/p/scripts/x.sh\n--- a/p/scripts/x.sh\n+++ b/p/scripts/x.sh\n"+
		"@@ -1,2 +1,2 @@\n-#!/usr/bin/env bash\r\n-echo x\r\n+#!/usr/bin/env bash\n+echo x\n", out)
	assert.Equal(t, "would fix p/scripts/x.sh (HK010)\n", errOut)
	assert.Equal(t, files["p/scripts/x.sh"], read(t, "p/scripts/x.sh"))

	code, out, errOut = cli("lint", "--no-config", "--fix", "p")
	assert.Equal(t, exitOK, code, out)
	assert.Equal(t, "fixed p/scripts/x.sh (HK010)\n", errOut)
	assert.Contains(t, out, "MF004")
	assert.NotContains(t, out, "HK010")
	assert.Equal(t, "#!/usr/bin/env bash\necho x\n", read(t, "p/scripts/x.sh"))

	code, _, _ = cli("lint", "--no-config", "--fix", "--fail-on", "warning", "p")
	assert.Equal(t, exitFail, code, "a warning remains")
	code, out, errOut = cli("lint", "--no-config", "--fix", "--dry-run", "p")
	assert.Equal(t, exitOK, code)
	assert.Empty(t, out+errOut)
}
