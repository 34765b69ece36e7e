package synth

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Workflow keeps the recorded shape: the file count, each markdown file's
// fence count, the markdown bytes within 5% and every plain file's size.
func TestWorkflowFollowsTheRecordedProfile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, Workflow(dir, 1))
	files := tree(t, dir)
	s := workflowShape
	var md [][2]int
	md = append(append(append(md, s.commands...), s.agents...), s.docs...)
	others := append([]otherShape{}, s.other...)
	for _, sk := range s.skills {
		md = append(append(md, sk.skill), sk.refs...)
		others = append(others, sk.files...)
	}
	assert.Len(t, files, len(md)+len(others)+len(s.hooks)+2, "every recorded file, the manifest and hooks.json")

	wantFences, gotFences, wantBytes, gotBytes := 0, 0, 0, 0
	for _, f := range md {
		wantFences += f[1]
		wantBytes += f[0]
	}
	sizes := map[string]int{} // extension -> bytes, outside markdown
	for rel, body := range files {
		text := body[len("-rw-r--r--"):]
		if strings.HasSuffix(rel, ".md") {
			gotFences += strings.Count(text, "```bash\n")
			gotBytes += len(text)
			continue
		}
		if i := strings.LastIndexByte(rel, '.'); i >= 0 {
			sizes[rel[i:]] += len(text)
		}
	}
	assert.Equal(t, wantFences, gotFences, "fenced blocks")
	assert.InDelta(t, wantBytes, gotBytes, float64(wantBytes)/20, "markdown bytes within 5%% of the profile")
	want := map[string]int{}
	for _, o := range others {
		want[o.ext] += o.bytes
	}
	for _, n := range s.hooks {
		want[".sh"] += n
	}
	for _, ext := range []string{".py", ".lock", ".toml", ".js"} {
		assert.Equal(t, want[ext], sizes[ext], "bytes of %s files", ext)
	}
	assert.InDelta(t, want[".sh"], sizes[".sh"], float64(want[".sh"])/20, "shell bytes within 5%%")
}
