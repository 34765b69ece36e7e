package pipeline

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/graph"
	"github.com/plugforge/plugforge/generator/outtree"
)

// TestReadmeGraph: build draws the first variant's workflow between the
// README's markers from the plan it renders; check reports a stale graph;
// one-off builds, builds of another variant and marker-less READMEs leave
// the README alone.
func TestReadmeGraph(t *testing.T) {
	o := workspace(t)
	stale := "# mini\n\n" + graph.StartMarker + "\nold\n" + graph.EndMarker + "\n"
	write(t, "README.md", stale)

	one := o
	one.Variant, one.Out = "mini", "elsewhere"
	res, err := Build(one)
	require.NoError(t, err)
	assert.Empty(t, res.Readme)
	classic := o
	classic.Variant = "mini-classic"
	res, err = Build(classic)
	require.NoError(t, err)
	assert.Empty(t, res.Readme, "the README shows the first declared variant")
	assert.Equal(t, stale, read(t, "README.md"))

	drift, err := Check(o)
	require.NoError(t, err)
	assert.Contains(t, drift, outtree.Drift{Path: "README.md", Kind: outtree.Stale, Detail: "workflow graph out of date"})

	res, err = Build(o)
	require.NoError(t, err)
	assert.Equal(t, "README.md", res.Readme)
	synced := read(t, "README.md")
	assert.Contains(t, synced, "```mermaid\nflowchart LR\n")
	assert.Contains(t, synced, "(variant mini)")
	drift, err = Check(o)
	require.NoError(t, err)
	assert.Empty(t, drift)
	res, err = Build(o)
	require.NoError(t, err)
	assert.Empty(t, res.Readme, "an up-to-date README is not rewritten")

	write(t, "README.md", graph.StartMarker+"\n"+graph.StartMarker+"\n"+graph.EndMarker+"\n")
	_, err = Check(o)
	assert.ErrorContains(t, err, "fix the markers")
	write(t, "README.md", "# no markers\n")
	drift, err = Check(o)
	require.NoError(t, err)
	assert.Empty(t, drift)
	assert.False(t, strings.Contains(read(t, "README.md"), "mermaid"))
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}
