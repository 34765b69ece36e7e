package pipeline

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint/session"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestSuppressionSurvivesRendering: a finding in a generated dist/ file is
// suppressed where it is written, in plugin-src. The HTML comment is part
// of the body, so it is rendered into dist/ right above the line it
// covers, and both the build's lint gate and plugforge lint honour it.
func TestSuppressionSurvivesRendering(t *testing.T) {
	o := workspace(t)
	src, err := os.ReadFile("plugin-src/commands/hello.md")
	require.NoError(t, err)
	write(t, "plugin-src/commands/hello.md", string(src)+"Read [the notes](notes.md).\n")
	_, err = Build(o)
	require.ErrorContains(t, err, "lint error(s)", "the broken link fails the gate without a suppression")

	directive := "<!-- plugforge-disable-next-line link-broken notes.md is written by the installer -->\n"
	write(t, "plugin-src/commands/hello.md", string(src)+directive+"Read [the notes](notes.md).\n")
	_, err = Build(o)
	require.NoError(t, err)
	out, err := os.ReadFile("dist/mini/commands/hello.md")
	require.NoError(t, err)
	assert.Contains(t, string(out), directive+"Read [the notes](notes.md).\n")
}

// TestSuppressionSharedByVariants: one directive in plugin-src lands in
// every variant; where only one variant has the finding, the copy in the
// other is not reported as unused.
func TestSuppressionSharedByVariants(t *testing.T) {
	o := workspace(t)
	src, err := os.ReadFile("plugin-src/commands/hello.md")
	require.NoError(t, err)
	write(t, "plugin-src/commands/hello.md", string(src)+
		"<!-- plugforge-disable-next-line link-broken notes.md is written by the installer -->\n"+
		`{{if eq .Plugin.Name "mini"}}Read [the notes](notes.md).{{else}}Read the notes.{{end}}`+"\n")
	_, err = Build(o)
	require.NoError(t, err)
	classic, err := os.ReadFile("dist/mini-classic/commands/hello.md")
	require.NoError(t, err)
	require.Contains(t, string(classic), "plugforge-disable-next-line link-broken")
	require.NotContains(t, string(classic), "[the notes]", "the finding must be in one variant only")

	run, err := session.Lint(session.Options{NoConfig: true}, nil)
	require.NoError(t, err)
	assert.Empty(t, run.Findings)
	require.Len(t, run.Suppressed, 1)
	assert.Equal(t, "dist/mini/commands/hello.md", run.Suppressed[0].Path)

	// The same directive in a hand-written plugin has no sibling: unused.
	unit, err := snapshot.Load("dist/mini-classic", "solo", snapshot.Options{})
	require.NoError(t, err)
	unit.Sources = nil
	var unused []string
	for _, f := range run.Engine.Run([]*snapshot.Plugin{unit}) {
		unused = append(unused, f.Rule+" "+f.Message)
	}
	assert.Equal(t, []string{`CF004 suppression of "link-broken" matches no finding`}, unused)
}
