package graph

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSyncReadme(t *testing.T) {
	const chart = "flowchart LR\n  a --> b\n"
	const synced = "# T\n\n" + StartMarker + "\n```mermaid\n" + chart + "```\n" + EndMarker + "\n\nmore\n"

	got, changed, err := SyncReadme([]byte("# T\n\n"+StartMarker+"\nold picture\n"+EndMarker+"\n\nmore\n"), chart)
	require.NoError(t, err)
	assert.True(t, changed)
	assert.Equal(t, synced, string(got))

	again, changed, err := SyncReadme(got, chart)
	require.NoError(t, err)
	assert.False(t, changed, "a synced README is left as it is")
	assert.Equal(t, synced, string(again))

	// The chart's missing final newline is added; an empty block is filled.
	got, changed, err = SyncReadme([]byte(StartMarker+"\n"+EndMarker+"\n"), "flowchart LR\n  a --> b")
	require.NoError(t, err)
	assert.True(t, changed)
	assert.Equal(t, StartMarker+"\n```mermaid\n"+chart+"```\n"+EndMarker+"\n", string(got))

	// A marker quoted inside prose is not a marker; the last line may lack a newline.
	prose := "Edit nothing between `" + StartMarker + "` and `" + EndMarker + "`.\n"
	got, _, err = SyncReadme([]byte(prose+StartMarker+"\n"+EndMarker), chart)
	require.NoError(t, err)
	assert.Equal(t, prose+StartMarker+"\n```mermaid\n"+chart+"```\n"+EndMarker, string(got))
}

func TestSyncReadmeErrors(t *testing.T) {
	cases := map[string]string{
		"no markers":   "# T\n",
		"start only":   StartMarker + "\n",
		"end only":     EndMarker + "\n",
		"two starts":   StartMarker + "\n" + StartMarker + "\n" + EndMarker + "\n",
		"two ends":     StartMarker + "\n" + EndMarker + "\n" + EndMarker + "\n",
		"end first":    EndMarker + "\n" + StartMarker + "\n",
		"prose quotes": "see `" + StartMarker + "` and `" + EndMarker + "`\n",
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			out, changed, err := SyncReadme([]byte(in), "flowchart LR\n")
			require.Error(t, err)
			assert.False(t, changed)
			assert.Equal(t, in, string(out), "the README is returned unchanged")
			if name == "no markers" || name == "prose quotes" {
				assert.ErrorIs(t, err, ErrNoMarkers)
			} else {
				assert.NotErrorIs(t, err, ErrNoMarkers)
			}
		})
	}
}
