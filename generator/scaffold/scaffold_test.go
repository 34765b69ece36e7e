package scaffold

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/harness"
	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/pipeline"
)

// TestBuildsAtOnce: a fresh scaffold builds, is then in step with its
// sources, and (when Claude Code is installed) passes its strict validator.
func TestBuildsAtOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "review kit") // a space must not matter
	written, err := Write(dir, Options{Name: "review-kit", Author: "Ada Lovelace"})
	require.NoError(t, err)
	assert.Contains(t, written, "plugforge.mk")
	assert.Contains(t, written, "plugin-src/plugin.yaml")

	o := pipeline.Options{Src: filepath.Join(dir, "plugin-src"), Dist: filepath.Join(dir, "dist")}
	res, err := pipeline.Build(o)
	require.NoError(t, err)
	require.Len(t, res.Variants, 1)
	drift, err := pipeline.Check(o)
	require.NoError(t, err)
	assert.Empty(t, drift)

	out := filepath.Join(dir, "dist", "review-kit")
	for _, f := range []string{
		".claude-plugin/plugin.json", "commands/review-changes.md", "agents/change-reviewer.md",
		"skills/review-checklist/SKILL.md", "skills/review-checklist/references/checklist.md",
		"hooks/hooks.json", "hooks/session-start.sh", "README.md", "LICENSE",
	} {
		assert.FileExists(t, filepath.Join(out, f))
	}
	cmd := read(t, out, "commands/review-changes.md")
	assert.Contains(t, cmd, "subagent_type: review-kit:change-reviewer")
	assert.Contains(t, cmd, "**review-kit:review-checklist**")
	assert.NotContains(t, cmd, "{{", "template actions are rendered, comments dropped")
	assert.Contains(t, read(t, out, "hooks/hooks.json"), `"\"${CLAUDE_PLUGIN_ROOT}/hooks/session-start.sh\""`)
	assert.Contains(t, read(t, out, "LICENSE"), "Copyright (c) Ada Lovelace")
	assert.Contains(t, read(t, out, ".claude-plugin/plugin.json"), `"name": "Ada Lovelace"`)
	info, err := os.Stat(filepath.Join(out, "hooks/session-start.sh"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o755), info.Mode().Perm())

	sc, err := harness.LoadScenario(filepath.Join(dir, "plugin-src", "scenarios", "review-changes.yaml"))
	require.NoError(t, err)
	assert.Equal(t, "/review-kit:review-changes", sc.Prompt)

	if claude := validator(); claude != "" {
		// The scaffold's scenario passes in the real CLI: init, build and
		// test work together from the first minute.
		res, err := harness.Run(context.Background(), sc, out, harness.Print, harness.Options{Claude: claude})
		require.NoError(t, err)
		for _, f := range res.Failures {
			t.Errorf("scenario %s: %s: %s\n%s", sc.Name, f.Step, f.Message, f.Detail)
		}
		cmd := exec.Command(claude, "plugin", "validate", "--strict", "--json", out)
		cmd.Env = append(os.Environ(), "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1")
		msg, err := cmd.Output()
		require.NoError(t, err, "claude plugin validate --strict:\n%s", msg)
		// The manifest and components have no warning; the plugin
		// directory's own submission checks (an icon) are not the
		// validator's verdict and are left to the author.
		var v struct {
			Success  bool `json:"success"`
			Manifest struct {
				Warnings []json.RawMessage `json:"warnings"`
			} `json:"manifest"`
		}
		require.NoError(t, json.Unmarshal(msg, &v), string(msg))
		assert.True(t, v.Success, string(msg))
		assert.Empty(t, v.Manifest.Warnings, string(msg))
	}
}

// validator finds Claude Code as plugforge test does ($PLUGFORGE_CLAUDE,
// the copy `make tools` installs, claude on PATH); "" skips the checks.
func validator() string {
	p, err := harness.FindCLI("", filepath.Join("..", ".."))
	if err != nil {
		return ""
	}
	return p
}

func read(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	require.NoError(t, err)
	return string(b)
}

// TestSourcesAreExemplary: what authors copy from follows the conventions
// plugforge and Claude Code expect, byte for byte.
func TestSourcesAreExemplary(t *testing.T) {
	dir := t.TempDir()
	written, err := Write(dir, Options{Name: "demo", Author: "Demo"})
	require.NoError(t, err)
	for _, rel := range written {
		b, err := os.ReadFile(filepath.Join(dir, rel))
		require.NoError(t, err)
		s := string(b)
		assert.NotContains(t, s, "\r", rel)
		assert.True(t, strings.HasSuffix(s, "\n") && !strings.HasSuffix(s, "\n\n"), "%s: one final newline", rel)
		assert.NotContains(t, s, "@NAME@", rel)
		assert.NotContains(t, s, "@AUTHOR@", rel)
		if strings.HasSuffix(rel, ".md") && strings.HasPrefix(s, "---\n") {
			for _, l := range strings.Split(strings.SplitN(s[4:], "\n---\n", 2)[0], "\n") {
				if k, v, ok := strings.Cut(l, ": "); ok && (k == "name" || k == "description" || k == "model" || k == "color") {
					assert.True(t, strings.HasPrefix(v, `"`), "%s: %s is quoted", rel, k)
				}
				if strings.HasPrefix(l, "description: ") {
					assert.Contains(t, l, "Use ", "%s: the description says when to use it", rel)
				}
			}
		}
	}
}

func TestRefusesNonEmptyDir(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("mine\n"), 0o644))
	_, err := Write(dir, Options{Name: "demo", Author: "Demo"})
	assert.ErrorIs(t, err, outtree.ErrNotEmpty)
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "nothing written")
}

func TestRejectsBadOptions(t *testing.T) {
	_, err := Write(t.TempDir(), Options{Name: "Not Kebab", Author: "Demo"})
	assert.ErrorContains(t, err, "kebab-case")
	_, err = Write(t.TempDir(), Options{Name: "demo", Author: `say "hi"`})
	assert.ErrorContains(t, err, "author")
}

func TestDefaultName(t *testing.T) {
	for in, want := range map[string]string{
		"my-plugin": "my-plugin", "/src/Review Kit/": "review-kit", "Foo__Bar": "foo-bar",
		".": "my-plugin", "---": "my-plugin", "x2": "x2",
	} {
		assert.Equal(t, want, DefaultName(in), in)
	}
}
