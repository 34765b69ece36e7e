package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/fix"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestFixShapes: beyond the fixtures (fix_test.go), a fix either turns a
// file into exactly want or, for sources it cannot edit safely, is not
// offered at all (want "") while the finding stays.
func TestFixShapes(t *testing.T) {
	hooks := func(script string) string {
		return `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/` + script + `\""}]}]}}`
	}
	for _, c := range []struct {
		name, rule, path string
		files            map[string]string
		want             string
	}{
		{"shebang by extension", "HK009", "hooks/x.py",
			map[string]string{"hooks/hooks.json": hooks("hooks/x.py"), "hooks/x.py": "print(1)\n"}, "#!/usr/bin/env python3\nprint(1)\n"},
		{"no shebang for an unknown extension", "HK009", "hooks/x.tool",
			map[string]string{"hooks/hooks.json": hooks("hooks/x.tool"), "hooks/x.tool": "run\n"}, ""},
		{"byte order mark and blank lines before frontmatter", "FM003", "commands/a.md",
			map[string]string{"commands/a.md": "\xef\xbb\xbf\n\n---\ndescription: A\n---\nA.\n"}, "---\ndescription: A\n---\nA.\n"},
		{"agent name from a kebab-case file, CRLF kept", "CP002", "agents/code-reviewer.md",
			map[string]string{"agents/code-reviewer.md": "---\r\ndescription: Reviews\r\n---\r\nReview.\r\n"}, "---\r\nname: code-reviewer\r\ndescription: Reviews\r\n---\r\nReview.\r\n"},
		{"no agent name from a file that is not kebab-case", "CP002", "agents/Code_Reviewer.md",
			map[string]string{"agents/Code_Reviewer.md": "---\ndescription: Reviews\n---\nReview.\n"}, ""},
		{"quoted skill name", "CP012", "skills/pdf-tools/SKILL.md",
			map[string]string{"skills/pdf-tools/SKILL.md": "---\nname: \"pdf\"\ndescription: PDFs\n---\nUse.\n"}, "---\nname: pdf-tools\ndescription: PDFs\n---\nUse.\n"},
		{"folded skill name", "CP012", "skills/pdf-tools/SKILL.md",
			map[string]string{"skills/pdf-tools/SKILL.md": "---\nname: >\n  pdf\ndescription: PDFs\n---\nUse.\n"}, ""},
		{"key one edit away", "SC009", "agents/a.md",
			map[string]string{"agents/a.md": "---\nname: a\ndescription: A\nmodels: sonnet\n---\nA.\n"}, "---\nname: a\ndescription: A\nmodel: sonnet\n---\nA.\n"},
		{"key two edits away", "SC009", "agents/a.md",
			map[string]string{"agents/a.md": "---\nname: a\ndescription: A\nmodle: sonnet\n---\nA.\n"}, ""},
		{"known key already set", "SC009", "commands/a.md",
			map[string]string{"commands/a.md": "---\ndescription: A\ndescriptio: B\n---\nA.\n"}, ""},
		{"CRLF value Claude Code's repair skips", "FM004", "agents/a.md",
			map[string]string{"agents/a.md": "---\r\nname: a\r\ndescription: Use it: now\r\n---\r\nA.\r\n"}, "---\r\nname: a\r\ndescription: \"Use it: now\"\r\n---\r\nA.\r\n"},
		{"CRLF value quoting would not save", "FM004", "agents/a.md",
			map[string]string{"agents/a.md": "---\r\nname: a\r\ndescription: \"Use it\r\n---\r\nA.\r\n"}, ""},
		{"list over two lines", "FM007", "commands/a.md",
			map[string]string{"commands/a.md": "---\ndescription: A\nargument-hint: [a,\n  b]\n---\nA $ARGUMENTS.\n"}, ""},
		{"list with a quoted bracket", "FM007", "commands/a.md",
			map[string]string{"commands/a.md": "---\ndescription: A\nargument-hint: [\"]\", b] # c\n---\nA $ARGUMENTS.\n"}, "---\ndescription: A\nargument-hint: \"[\\\"]\\\", b]\" # c\n---\nA $ARGUMENTS.\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := map[string][]byte{}
			for k, v := range c.files {
				files[k] = []byte(v)
			}
			var hits []lint.Finding
			for _, f := range lintUnit(t, snapshot.FromMemory("p", files)) {
				if f.Rule == c.rule {
					hits = append(hits, f)
				}
			}
			require.Len(t, hits, 1, "%s findings", c.rule)
			if c.want == "" {
				assert.Nil(t, hits[0].Fix, "a fix is offered")
				return
			}
			require.NotNil(t, hits[0].Fix, "no fix is offered")
			plan := fix.NewPlan(hits)
			require.Len(t, plan.Files, 1)
			assert.Equal(t, "p/"+c.path, plan.Files[0].Display)
			out := plan.Files[0].Result()
			assert.Equal(t, c.want, string(out))
			files[c.path] = out
			for _, f := range lintUnit(t, snapshot.FromMemory("p", files)) {
				assert.NotEqual(t, c.rule, f.Rule, "after the fix: %s", f.Message)
			}
		})
	}
}
