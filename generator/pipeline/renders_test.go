package pipeline

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/render"
)

// countRenders replaces renderVariant for the test, counting renders by
// variant name.
func countRenders(t *testing.T) map[string]int {
	t.Helper()
	counts := map[string]int{}
	orig := renderVariant
	renderVariant = func(p *render.Prepared, info render.PluginInfo) ([]render.File, error) {
		counts[info.Name]++
		return orig(p, info)
	}
	t.Cleanup(func() { renderVariant = orig })
	return counts
}

// TestBuildAndCheckRenderEachVariantOnce: one build renders each variant
// once, though it writes the variants, the marketplace and the README's
// graph from the result; so does one check, which compares all three.
func TestBuildAndCheckRenderEachVariantOnce(t *testing.T) {
	o := workspace(t)
	counts := countRenders(t)
	_, err := Build(o)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"mini": 1, "mini-classic": 1}, counts, "renders in one build")

	clear(counts)
	drift, err := Check(o)
	require.NoError(t, err)
	assert.Empty(t, drift)
	assert.Equal(t, map[string]int{"mini": 1, "mini-classic": 1}, counts, "renders in one check")
}
