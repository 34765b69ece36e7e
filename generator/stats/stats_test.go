package stats_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/stats"
)

func TestTokens(t *testing.T) {
	assert.Equal(t, 0, stats.Tokens(""))
	assert.Equal(t, 1, stats.Tokens("abcd"))
	assert.Equal(t, 2, stats.Tokens("abcde"))
}

// TestBudgetFailsBuild: a budget below the plugin's always-on cost fails
// the build with a message naming plugin.yaml, and dist/ is left alone.
func TestBudgetFailsBuild(t *testing.T) {
	fixture, err := filepath.Abs("../pipeline/testdata/mini")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(dir, "plugin-src"), os.DirFS(fixture)))
	t.Chdir(dir)
	o := pipeline.Options{Src: "plugin-src", Dist: "dist"}
	_, err = pipeline.Build(o)
	require.NoError(t, err)
	before, err := os.ReadFile("dist/mini/commands/hello.md")
	require.NoError(t, err)

	f, err := os.OpenFile("plugin-src/plugin.yaml", os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("budgets:\n  always_on_tokens: 5\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.NoError(t, os.WriteFile("plugin-src/commands/hello.md", []byte("---\ndescription: \"Say hello, changed\"\n---\nHi.\n"), 0o644))

	_, err = pipeline.Build(o)
	require.Error(t, err)
	assert.Regexp(t, `^plugin-src/plugin.yaml: always-on context of mini is ~\d+ tokens, over budgets.always_on_tokens \(5\)`, err.Error())
	after, err := os.ReadFile("dist/mini/commands/hello.md")
	require.NoError(t, err)
	assert.Equal(t, before, after, "a build over budget must not write dist/")
}

// TestRealPluginFigures computes the report for the repository's plugin and
// checks the figures are consistent with the files they describe.
func TestRealPluginFigures(t *testing.T) {
	t.Chdir("../..")
	plan, err := pipeline.MakePlan(pipeline.Options{Src: "plugin-src", Dist: "dist", Variant: "iflow"})
	require.NoError(t, err)
	out := plan.Outputs[0]
	files := make([]stats.File, len(out.Rendered))
	for i, f := range out.Rendered {
		files[i] = stats.File{Path: f.Path, Data: f.Data, Sources: f.Sources}
	}
	r, err := stats.Compute(plan.Plugin, plan.Prepared, out.Info, files)
	require.NoError(t, err)
	r.Reuse.CountSources(plan.Lookup)

	sum := 0
	for _, c := range r.AlwaysOn {
		sum += c.Tokens
		assert.Positive(t, c.OnInvoke, "%s %s has no body", c.Kind, c.Name)
	}
	assert.Equal(t, r.AlwaysOnTotal, sum)
	assert.LessOrEqual(t, r.AlwaysOnTotal, r.Budget, "the plugin must fit its own budget")

	require.NotEmpty(t, r.Sites)
	for _, s := range r.Sites {
		assert.Positive(t, s.PrefixTokens, "%s/%s has no stable prefix", s.Command, s.Role)
		assert.Positive(t, s.SuffixTokens, "%s/%s has no dynamic suffix", s.Command, s.Role)
	}

	assert.Contains(t, r.Reuse.Files, "commands/implement.md")
	assert.Contains(t, r.Reuse.Files, "skills/implementing/SKILL.md")
	assert.Contains(t, r.Reuse.Sources, "plugin-src/roles.yaml")
	for _, s := range r.Reuse.Sources {
		assert.True(t, strings.HasPrefix(s, "plugin-src/") || strings.HasPrefix(s, "templates/"), s)
	}
	assert.Greater(t, r.Reuse.RenderedLines, r.Reuse.SourceLines, "skeletons must render more than is written")
	assert.InDelta(t, float64(r.Reuse.SourceLines)/float64(r.Reuse.RenderedLines), r.Reuse.Ratio, 1e-9)
}
