package synth

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Shaped keeps the recorded shape: the file count, each kind's sizes
// (markdown within a line of its target, plain files exact) and each
// markdown file's fence count.
func TestShapedFollowsTheRecordedProfile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, Shaped(dir, 1))
	files := tree(t, dir)
	s := realShape
	assert.Len(t, files, len(s.skills)+len(s.refs)+len(s.docs)+len(s.scripts)+len(s.data)+len(s.hooks)+2)

	var want, got [][2]int // {bytes, fences} of every markdown file
	for _, k := range [][][2]int{s.skills, s.refs, s.docs} {
		want = append(want, k...)
	}
	mdBytes, wantBytes := 0, 0
	for rel, body := range files {
		text := body[len("-rw-r--r--"):]
		if strings.HasSuffix(rel, ".md") {
			got = append(got, [2]int{len(text), strings.Count(text, "```bash\n")})
			mdBytes += len(text)
		}
	}
	for _, f := range want {
		wantBytes += f[0]
	}
	require.Len(t, got, len(want))
	cmpFences := func(a, b [2]int) int { return a[1] - b[1] }
	slices.SortFunc(want, cmpFences)
	slices.SortFunc(got, cmpFences)
	for i := range want {
		assert.Equal(t, want[i][1], got[i][1], "fence counts, sorted")
	}
	assert.InDelta(t, wantBytes, mdBytes, float64(wantBytes)/20, "markdown bytes within 5%% of the profile")
	for _, n := range s.data {
		found := false
		for rel, body := range files {
			found = found || strings.HasPrefix(filepath.ToSlash(rel), "assets/") && len(body)-len("-rw-r--r--") == n
		}
		assert.True(t, found, "an asset of %d bytes", n)
	}
}
