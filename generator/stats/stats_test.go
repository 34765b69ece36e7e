package stats_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/stats"
)

// TestRealPluginFigures computes the report for the repository's plugin and
// checks the figures are consistent with the files they describe.
func TestRealPluginFigures(t *testing.T) {
	t.Chdir("../..")
	plan, err := pipeline.MakePlan(pipeline.Options{Src: "plugin-src", Dist: "dist", Variant: "iflow"})
	require.NoError(t, err)
	r := stats.Compute(plan, plan.Outputs[0])

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
