package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plugforge import: exit 0 and a plugin-src that builds; 1 for a plugin it
// refuses, with the one-line message; 2 for usage errors and a target
// that already holds files.
func TestImportCmd(t *testing.T) {
	dist, err := filepath.Abs("../../dist/iflow")
	require.NoError(t, err)
	t.Chdir(t.TempDir())

	code, out, errOut := cli("import", dist)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, `imported plugin "iflow" from `+dist+" into plugin-src: 14 commands, 16 agents, 9 skills, 19 other templates, 0 files copied byte for byte\n")
	assert.Contains(t, out, "round trip checked: the build reproduces all 60 files\n")
	assert.Contains(t, errOut, "note: provenance manifest of a previous plugforge build")
	code, _, errOut = cli("build", "-q")
	require.Equal(t, exitOK, code, errOut)
	code, _, errOut = cli("check")
	assert.Equal(t, exitOK, code, errOut)

	code, _, errOut = cli("import", dist)
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "plugforge import: plugin-src is not empty; choose a new or empty directory with --out (import never overwrites files)\n", errOut)

	require.NoError(t, os.MkdirAll("linked/.claude-plugin", 0o755))
	require.NoError(t, os.WriteFile("linked/.claude-plugin/plugin.json", []byte(`{"name": "linked"}`), 0o644))
	require.NoError(t, os.Symlink("../README.md", "linked/CLAUDE.md"))
	code, out, errOut = cli("import", "--out", "other", "linked")
	assert.Equal(t, exitFail, code)
	assert.Empty(t, out)
	assert.Equal(t, "plugforge import: linked/CLAUDE.md: symbolic link (to \"../README.md\"): plugforge import copies files, never links; replace the link with the file it points to, or delete it\n", errOut)
	_, err = os.Stat("other")
	assert.True(t, os.IsNotExist(err), "a refused import writes nothing")

	for _, args := range [][]string{{"import"}, {"import", "a", "b"}, {"import", "--bogus", "a"}} {
		code, _, _ = cli(args...)
		assert.Equal(t, exitUsage, code, "%v", args)
	}
}

// --no-markers makes the build reproduce every file byte for byte, and
// --report prints repeated blocks and writes nothing.
func TestImportCmdOptions(t *testing.T) {
	dist, err := filepath.Abs("../../dist/iflow-classic")
	require.NoError(t, err)
	repoConfig, err := filepath.Abs("../../.plugforge.yaml")
	require.NoError(t, err)
	t.Chdir(t.TempDir())
	code, out, errOut := cli("import", "--report", dist)
	require.Equal(t, exitOK, code, errOut)
	assert.Regexp(t, `^repeated blocks in .*/dist/iflow-classic: \d+ groups among \d+ passages of 51 markdown files; about \d+ lines could be written once\n\n1\. 16 copies, ~\d+ lines saved: Task tool call: / description: "`, out)
	_, err = os.Stat("plugin-src")
	assert.True(t, os.IsNotExist(err), "--report writes nothing")

	code, _, errOut = cli("import", "--no-markers", "--out", "src", dist)
	require.Equal(t, exitOK, code, errOut)
	// The repository's lint configuration names iflow-classic a legacy
	// (Task with resume:) plugin; without it the build's lint gate refuses it.
	cfg, err := os.ReadFile(repoConfig)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(".plugforge.yaml", cfg, 0o644))
	code, _, errOut = cli("build", "-q", "--src", "src")
	require.Equal(t, exitOK, code, errOut)
	a, err := os.ReadFile(filepath.Join(dist, "commands/specify.md"))
	require.NoError(t, err)
	b, err := os.ReadFile("dist/iflow-classic/commands/specify.md")
	require.NoError(t, err)
	assert.Equal(t, string(a[:4])+string(a[bytesAfterLine(a, 2):]), string(b), "the same file without its marker line")

	code, out, _ = cli("help", "import")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "usage: plugforge import")
	assert.Contains(t, out, "examples:")
}

// bytesAfterLine is the offset just past line n.
func bytesAfterLine(b []byte, n int) int {
	for i, c := range b {
		if c == '\n' {
			if n--; n == 0 {
				return i + 1
			}
		}
	}
	return len(b)
}
