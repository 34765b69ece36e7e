package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/graph"
)

// cli runs plugforge with args and returns exit code, stdout and stderr.
func cli(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestHelpForEveryCommand: for every command of the table, `plugforge help
// X` and `plugforge X -h` print its usage with examples and exit 0, and
// `plugforge help` lists it.
func TestHelpForEveryCommand(t *testing.T) {
	require.NotEmpty(t, commands)
	_, list, _ := cli("help")
	for _, c := range commands {
		code, out, _ := cli("help", c.name)
		assert.Equal(t, 0, code, c.name)
		assert.Contains(t, out, "usage: plugforge "+c.name, c.name)
		assert.Contains(t, out, "examples:", c.name)
		code, _, errOut := cli(c.name, "-h")
		assert.Equal(t, 0, code, c.name)
		assert.Contains(t, errOut, "usage: plugforge "+c.name, c.name)
		assert.Contains(t, list, "  "+c.name+" ", c.name)
	}
	code, _, errOut := cli("help", "nope")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "run `plugforge help`")
	code, _, _ = cli()
	assert.Equal(t, exitUsage, code)
}

// TestFormatChoices: every --format refuses a value outside its list with
// a usage error naming the list.
func TestFormatChoices(t *testing.T) {
	for cmd, want := range map[string]string{
		"lint":  "want text, json, sarif, github",
		"rules": "want text, json, markdown",
		"stats": "want text, json",
		"graph": "want mermaid, dot",
	} {
		code, _, errOut := cli(cmd, "--format", "svg")
		assert.Equal(t, exitUsage, code, cmd)
		assert.Contains(t, errOut, `invalid value "svg" for flag -format: `+want, cmd)
	}
	code, _, errOut := cli("lint", "--fail-on", "fatal")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "want error, warning, info")
}

func TestVersion(t *testing.T) {
	code, out, _ := cli("--version")
	assert.Equal(t, 0, code)
	assert.Regexp(t, `^plugforge \S+\n$`, out)
}

func TestGraphCmd(t *testing.T) {
	code, out, _ := cli("graph", "--src", "../../plugin-src")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "flowchart LR\n"))
	code, out, _ = cli("graph", "--src", "../../plugin-src", "--format", "dot", "--variant", "iflow-classic")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `digraph "iflow-classic" {`)

	code, _, errOut := cli("graph", "--src", filepath.Join(t.TempDir(), "none"))
	assert.Equal(t, exitFail, code)
	assert.Contains(t, errOut, "not found")
}

func TestInitCmd(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Review Kit")
	code, out, errOut := cli("init", dir, "--author", "Ada")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `plugin "review-kit"`)
	assert.Contains(t, out, "plugforge build")
	assert.FileExists(t, filepath.Join(dir, "plugforge.mk"))

	code, _, errOut = cli("init", dir)
	assert.Equal(t, exitUsage, code, "a non-empty directory is refused")
	assert.Contains(t, errOut, "is not empty; choose a new or empty directory")

	for _, args := range [][]string{{"init"}, {"init", "a", "b"}, {"init", "--name", "Bad Name", filepath.Join(t.TempDir(), "x")}} {
		code, _, errOut = cli(args...)
		assert.NotEqual(t, 0, code, "%v", args)
		assert.NotEmpty(t, errOut, "%v", args)
	}
}

// TestReadmeSync: the CLI reports the README graph that build rewrites
// and that check finds stale (the cases are generator/pipeline's
// TestReadmeGraph).
func TestReadmeSync(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := cli("init", dir)
	require.Equal(t, 0, code, errOut)
	t.Chdir(dir)
	stale := "# demo\n\n" + graph.StartMarker + "\nold\n" + graph.EndMarker + "\n"
	require.NoError(t, os.WriteFile("README.md", []byte(stale), 0o644))

	code, out, _ := cli("check")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, out, "README.md: stale (workflow graph out of date)\n")
	code, out, errOut = cli("build")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "updated README.md (workflow graph)")
	assert.Contains(t, read(t, "README.md"), `c_review_changes -->|"fresh"| a_change_reviewer`)
	code, out, _ = cli("check")
	assert.Equal(t, 0, code, out)

	require.NoError(t, os.WriteFile("README.md", []byte(graph.StartMarker+"\n"+graph.StartMarker+"\n"+graph.EndMarker+"\n"), 0o644))
	code, _, errOut = cli("check")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, errOut, "fix the markers")
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}
