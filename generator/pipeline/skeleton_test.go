package pipeline

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/templates"
)

// renderAll renders every variant of the real plugin with the given templates.
func renderAll(t *testing.T, tfs fs.FS) map[model.Dialect]string {
	o := repoRoot(t)
	o.TemplateFS = tfs
	plan, err := MakePlan(o)
	require.NoError(t, err)
	out := map[model.Dialect]string{}
	for _, v := range plan.Outputs {
		var b strings.Builder
		for _, f := range v.Files {
			b.WriteString("=== " + f.Path + "\n")
			b.Write(f.Data)
		}
		out[v.Info.Dialect.Dialect] = b.String()
	}
	require.Len(t, out, 2, "both dialects must be declared")
	return out
}

// TestOneTemplateLineChangesEverySite edits the I3 notice once and proves
// every site that uses it changes in the same build.
func TestOneTemplateLineChangesEverySite(t *testing.T) {
	const old, repl = "(Fresh dispatch — prior", "(EDITED fresh dispatch — prior"
	before := renderAll(t, nil)
	mfs := fstest.MapFS{}
	require.NoError(t, fs.WalkDir(templates.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(templates.FS, p)
		if p == "dispatch/fallback.tmpl" {
			require.Equal(t, 1, strings.Count(string(b), old), "the notice is written once")
			b = []byte(strings.Replace(string(b), old, repl, 1))
		}
		mfs[p] = &fstest.MapFile{Data: b}
		return err
	}))
	after := renderAll(t, mfs)
	for d, text := range before {
		n := strings.Count(text, old)
		assert.GreaterOrEqual(t, n, 12, "%s: the I3 notice should appear at every review site", d)
		assert.Equal(t, 0, strings.Count(after[d], old), "%s: a site kept the old notice", d)
		assert.Equal(t, n, strings.Count(after[d], repl), "%s: not every site changed", d)
	}
}

// TestDialectsDoNotMix: the current dialect never passes resume:, the
// classic one never mentions SendMessage.
func TestDialectsDoNotMix(t *testing.T) {
	out := renderAll(t, nil)
	resume := regexp.MustCompile(`(?m)^.*\bresume:.*$`)
	assert.Empty(t, resume.FindAllString(out[model.AgentSendMessage], -1), "agent-sendmessage passes resume:")
	assert.NotEmpty(t, resume.FindAllString(out[model.TaskResume], -1), "task-resume should use resume:")
	assert.NotContains(t, out[model.TaskResume], "SendMessage", "task-resume mentions SendMessage")
	assert.Contains(t, out[model.AgentSendMessage], "SendMessage tool call:")
	// No spawn block names run_in_background: interactive sessions of
	// Claude Code 2.1.232 and later do not offer it, and a call naming it
	// fails there. The protocol section says where to pass it.
	blocks := strings.Split(out[model.AgentSendMessage], "Agent tool call:")[1:]
	assert.NotEmpty(t, blocks)
	for _, b := range blocks {
		block := b[:strings.Index(b, "```")]
		assert.NotContains(t, block, "run_in_background", "a spawn block names the foreground parameter:\n%s", block)
	}
	assert.NotContains(t, out[model.TaskResume], "Agent tool call:")
}
