package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyFixture copies testdata/NAME into dir, which must not exist.
func copyFixture(t *testing.T, name, dir string) {
	t.Helper()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))))
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(text)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

// testdata/defective is a plugin that ships with lint errors: an agent
// with an unknown model (CP004) and two references to a command it does
// not have (XR003). Imported, it builds thanks to the baseline import
// writes; a defect added afterwards still fails the build and leaves
// dist/ as it was.
func TestImportBaselineBuild(t *testing.T) {
	src, err := filepath.Abs("testdata/defective")
	require.NoError(t, err)
	t.Chdir(t.TempDir())

	code, out, errOut := cli("lint", src)
	require.Equal(t, exitFail, code, "the fixture must have error findings, or this test proves nothing:\n%s", out)

	code, out, errOut = cli("import", src)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "lint: the 4 findings the plugin ships with (3 errors) are recorded in plugforge-baseline.json, so plugforge build reports only new ones\n")
	assert.Contains(t, out, "wrote .plugforge.yaml naming it\n")
	assert.Contains(t, read(t, ".plugforge.yaml"), "\nbaseline: plugforge-baseline.json\n")
	assert.Contains(t, read(t, "plugforge-baseline.json"), `"message": "\"kit:ship\" names no command, skill or agent of plugin \"kit\""`)

	code, _, errOut = cli("build", "-q")
	require.Equal(t, exitOK, code, "the baseline should let the plugin build as it was:\n%s", errOut)
	built := read(t, "dist/kit/commands/pack.md")
	code, out, _ = cli("lint")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "0 errors, 0 warnings, 0 infos in 1 plugin; 4 baselined\n")

	// Lines inserted above the known defects: still known.
	pack := "plugin-src/commands/pack.md"
	data := read(t, pack)
	require.NoError(t, os.WriteFile(pack, []byte(strings.Replace(data, "# Pack a release note\n", "# Pack a release note\n\nKeep the note short.\n\nName every breaking change first.\n", 1)), 0o644))
	code, _, errOut = cli("build", "-q")
	require.Equal(t, exitOK, code, "moved lines made known findings new:\n%s", errOut)
	built = read(t, "dist/kit/commands/pack.md")

	// A new defect fails the build, and only it is reported.
	appendTo(t, pack, "\nFinally, run /kit:announce.\n")
	code, _, errOut = cli("build", "-q")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, errOut, `dist/kit/commands/pack.md:18:15: error: "kit:announce" names no command, skill or agent of plugin "kit" (XR003)`)
	assert.Contains(t, errOut, "1 error, 0 warnings, 0 infos in 1 plugin; 4 baselined\n")
	assert.NotContains(t, errOut, "kit:ship")
	assert.Equal(t, built, read(t, "dist/kit/commands/pack.md"), "a failed build leaves dist/ as it was")

	// build --update-baseline accepts it (dist/ is behind, so lint could not).
	code, out, errOut = cli("build", "--update-baseline")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "recorded 5 lint findings in plugforge-baseline.json\n")
	assert.Contains(t, read(t, "plugforge-baseline.json"), "kit:announce")
	code, out, errOut = cli("build")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "built dist/kit: up to date\n", out)

	// Fixed again: the build says the entry is stale.
	require.NoError(t, os.WriteFile(pack, []byte(strings.Replace(read(t, pack), "\nFinally, run /kit:announce.\n", "\nFinally, announce it.\n", 1)), 0o644))
	code, out, errOut = cli("build")
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "dist/kit: 1 baselined finding(s) of plugforge-baseline.json no longer found; `plugforge build --update-baseline` prunes them\n")
	code, _, errOut = cli("build", "--update-baseline", "--watch")
	assert.Equal(t, exitUsage, code, errOut)

	// Without the baseline the old defects stop the build too (of a
	// changed tree: a build that would change nothing lints nothing), and
	// --update-baseline has nothing to update.
	appendTo(t, pack, "\nThat is all.\n")
	require.NoError(t, os.Rename(".plugforge.yaml", "kept.yaml"))
	code, _, errOut = cli("build", "-q")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, errOut, "3 lint error(s) in the new dist/kit")
	code, _, errOut = cli("build", "--update-baseline")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, errOut, "--update-baseline: no baseline to update; name one with `baseline: plugforge-baseline.json` in .plugforge.yaml")
	require.NoError(t, os.Rename("kept.yaml", ".plugforge.yaml"))

	// A configuration that names a baseline that is not there is an error
	// naming its line, not a silent lint of everything.
	require.NoError(t, os.Rename("plugforge-baseline.json", "moved.json"))
	code, _, errOut = cli("build", "-q")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, errOut, ".plugforge.yaml:3: baseline plugforge-baseline.json does not exist")
}

// lint --baseline FILE: missing is a usage error; --update-baseline
// records and exits 0; later runs report only new findings, count the
// baselined and the stale.
func TestLintBaselineCmd(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kit")
	copyFixture(t, "defective", dir)
	t.Chdir(dir)

	code, _, errOut := cli("lint", "--baseline", "b.json", ".")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "plugforge lint: baseline b.json does not exist; record one with `plugforge lint --baseline b.json --update-baseline`\n", errOut)

	code, out, errOut := cli("lint", "--baseline", "b.json", "--update-baseline", ".")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "wrote b.json: 4 findings in 4 entries (before: 0)\n", errOut)
	assert.Equal(t, "0 errors, 0 warnings, 0 infos in 1 plugin; 4 baselined\n", out)
	recorded := read(t, "b.json")

	code, out, _ = cli("lint", "--baseline", "b.json", ".")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "0 errors, 0 warnings, 0 infos in 1 plugin; 4 baselined\n", out)

	// A fix makes an entry stale; a new defect fails.
	agent := "agents/note-checker.md"
	require.NoError(t, os.WriteFile(agent, []byte(strings.Replace(read(t, agent), "sonnet-seven", "sonnet", 1)), 0o644))
	appendTo(t, agent, "Never approve a note that names no version.\n\nUse the kit:style-guide skill.\n")
	code, out, _ = cli("lint", "--baseline", "b.json", ".")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, out, `agents/note-checker.md:11:9: error: "kit:style-guide" names no command, skill or agent of plugin "kit" (XR003)`)
	assert.Contains(t, out, "1 error, 0 warnings, 0 infos in 1 plugin; 3 baselined\n"+
		"note: 1 baselined finding of b.json no longer found: --update-baseline prunes it\n")

	code, out, _ = cli("lint", "--baseline", "b.json", "--format", "json", ".")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, out, `"baselined": 3`)
	assert.Contains(t, out, `"stale": 1`)

	// --update-baseline prunes the fixed one and takes in the new one.
	code, _, errOut = cli("lint", "--baseline", "b.json", "--update-baseline", ".")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "wrote b.json: 4 findings in 4 entries (before: 4)\n", errOut)
	assert.NotEqual(t, recorded, read(t, "b.json"))
	assert.NotContains(t, read(t, "b.json"), "sonnet-seven")

	// A baseline that does not parse (a merge conflict) is not overwritten.
	require.NoError(t, os.WriteFile("b.json", []byte("<<<<<<< HEAD\n"+recorded), 0o644))
	code, _, errOut = cli("lint", "--baseline", "b.json", "--update-baseline", ".")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "plugforge lint: b.json:1: not JSON: ")
	assert.Contains(t, errOut, "delete it to record afresh")
	code, _, errOut = cli("lint", "--baseline", "b.json", ".")
	assert.Equal(t, exitUsage, code, "a broken baseline is an error, not a lint of everything")

	code, _, errOut = cli("lint", "--update-baseline", ".")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--update-baseline needs a baseline file")
	code, _, errOut = cli("lint", "--baseline", "b.json", "--update-baseline", "--fix", ".")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "cannot be combined with --fix")
}
