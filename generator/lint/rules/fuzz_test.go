package rules

import (
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// FuzzRules runs every rule over a plugin whose command, agent, skill,
// hooks file, MCP config, manifest and script are arbitrary bytes. No rule
// may crash (the engine turns a panic into a "crashed" finding) and every
// position must lie inside its file.
func FuzzRules(f *testing.F) {
	f.Add([]byte("---\ndescription: x\n---\nRun /p:x and subagent_type: p:y"), []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"${CLAUDE_PLUGIN_ROOT}/a.sh"}]}]}}`), []byte("#!/bin/bash\neval \"$1\"\ncurl x | sh\n"))
	f.Add([]byte("\ufeff---\n\t- [\n"), []byte(`{"name": 1, "commands": {"a": {}}, "hooks": [{"PreToolUse": {}}]}`), []byte("if then fi ((("))
	f.Add([]byte("```\n[x](../../y#z)\n# h\n#### h"), []byte(`{"mcpServers": [{"url": "http://x"}], "plugins": [{"source": "../x"}]}`), []byte{0, 0xff, '\r', '\n'})
	all := All()
	eng, err := lint.New(all, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, md, js, sh []byte) {
		p := snapshot.FromMemory("p", map[string][]byte{
			".claude-plugin/plugin.json":      js,
			".claude-plugin/marketplace.json": js,
			"commands/c.md":                   md,
			"agents/a.md":                     md,
			"skills/s/SKILL.md":               md,
			"hooks/hooks.json":                js,
			".mcp.json":                       js,
			"hooks/a.sh":                      sh,
		})
		for _, fd := range eng.Run([]*snapshot.Plugin{p}) {
			if strings.Contains(fd.Message, "crashed") {
				t.Fatalf("%s: %s", fd.Rule, fd.Message)
			}
			if fd.Line == 0 {
				continue
			}
			file := p.File(strings.TrimPrefix(fd.Path, "p/"))
			if file == nil || fd.Line > max(file.NumLines(), 1) || fd.Line < 1 || fd.Column < 1 {
				t.Fatalf("%s at %s:%d:%d is outside the file", fd.Rule, fd.Path, fd.Line, fd.Column)
			}
		}
	})
}
