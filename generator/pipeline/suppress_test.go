package pipeline

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
