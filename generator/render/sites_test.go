package render

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
)

// firstWords is how each kind of recorded site's line begins in the
// rendered file: a tool-call block's opening fence, or a fallback paragraph.
var firstWords = map[model.DispatchKind]string{
	model.Fresh:      "```",
	model.Continued:  "```",
	model.Final:      "```",
	model.Fallback:   "**I3 fallback**",
	model.Compaction: "**Context compaction:**",
}

// TestRecordedSites renders the real plugin in both dialects and holds
// every recorded site to the text at its line, every roles.yaml site to
// being recorded, and every fresh roles.yaml site to a measured prompt.
func TestRecordedSites(t *testing.T) {
	prep, src := realPlugin(t)
	for _, d := range dialects {
		files, err := prep.Render(PluginInfo{Name: "iflow", Version: "1.0.0", Dialect: Dialect{d}})
		require.NoError(t, err)
		rendered := map[[2]string]bool{}
		prose := 0
		for _, f := range files {
			lines := strings.Split(string(f.Data), "\n")
			for _, s := range f.Sites {
				require.True(t, s.Line >= 1 && s.Line <= len(lines), "%s: line %d", f.Path, s.Line)
				text := lines[s.Line-1]
				if s.Role == "" {
					prose++
					assert.Contains(t, text, "subagent_type: iflow:"+s.Agent, "%s:%d", f.Path, s.Line)
					continue
				}
				rendered[[2]string{s.Component, s.Role}] = true
				assert.True(t, strings.HasPrefix(text, firstWords[s.Kind]), "%s:%d %s %s begins %q", f.Path, s.Line, s.Kind, s.Role, text)
				if s.Kind == model.Fresh {
					assert.Positive(t, s.Prompt.Stable, "%s:%d", f.Path, s.Line)
					assert.Positive(t, s.Prompt.Dynamic, "%s:%d", f.Path, s.Line)
					assert.Contains(t, strings.Join(lines[s.Line:min(s.Line+8, len(lines))], "\n"), "subagent_type: iflow:"+s.Agent, "%s:%d", f.Path, s.Line)
				}
			}
		}
		for _, cmd := range model.SortedKeys(src.Roles.Commands) {
			for _, role := range model.SortedKeys(src.Roles.Commands[cmd]) {
				assert.True(t, rendered[[2]string{cmd, role}], "%s: commands.%s.%s not recorded", d, cmd, role)
			}
		}
		assert.Positive(t, prose, "the skills' own dispatches (subagent_type: {{.Agent ...}}) are recorded")
	}
}

// TestNormalizeLines: normalising says where each input line went, so a
// site keeps its line when blank lines above it are dropped.
func TestNormalizeLines(t *testing.T) {
	in := "---\nx: y\n---\n\na\n\n\n\n\nb  \n\n"
	out, moved := normalizeLines(in)
	assert.Equal(t, "---\nx: y\n---\n\na\n\nb\n", string(out))
	lines := strings.Split(string(out), "\n")
	assert.Equal(t, "a", lines[moved[4]-1])
	assert.Equal(t, "b", lines[moved[9]-1])
	assert.Equal(t, "b", lines[moved[7]-1], "a dropped blank line maps to the next line kept")
	assert.Equal(t, 7, moved[11], "trailing blank lines map to the last line")
}
