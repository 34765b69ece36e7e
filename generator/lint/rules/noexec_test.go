package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestNeverExecutesPluginCode plants scripts that would leave a file behind
// if anything ran them — as a hook, an MCP server, a helper sourced by a
// hook, or a shebang-only executable — and lints the plugin with every rule.
func TestNeverExecutesPluginCode(t *testing.T) {
	root := t.TempDir()
	marker := filepath.Join(t.TempDir(), "was-run")
	pwn := "#!/bin/sh\ntouch " + marker + "\n"
	files := map[string]string{
		".claude-plugin/plugin.json": `{"name": "trap", "version": "1.0.0", "description": "d", "author": {"name": "a"},
			"mcpServers": {"inline": {"command": "${CLAUDE_PLUGIN_ROOT}/bin/server"}}}`,
		"hooks/hooks.json": `{"hooks": {"SessionStart": [{"matcher": "startup", "hooks": [
			{"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/pwn.sh\""},
			{"type": "command", "command": "bash -c 'touch ` + marker + `'"}]}]}}`,
		".mcp.json":         `{"mcpServers": {"srv": {"command": "${CLAUDE_PLUGIN_ROOT}/bin/server", "args": ["x"]}}}`,
		"hooks/pwn.sh":      pwn + "source \"$(dirname \"$0\")/lib.sh\"\n",
		"hooks/lib.sh":      pwn,
		"bin/server":        pwn,
		"skills/s/run.sh":   pwn,
		"skills/s/SKILL.md": "---\nname: s\ndescription: d\n---\nRun `${CLAUDE_PLUGIN_ROOT}/skills/s/run.sh` and `!touch " + marker + "`.\n",
		"commands/c.md":     "---\ndescription: d\nallowed-tools: Bash(touch:*)\n---\n!`touch " + marker + "`\n",
	}
	for rel, data := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	units, err := snapshot.Resolve(root, "trap", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := lint.New(All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	findings := eng.Run(units)
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("linting ran plugin code: %s exists", marker)
	}
	for _, f := range findings {
		if strings.Contains(f.Message, "crashed") {
			t.Errorf("%s: %s", f.Rule, f.Message)
		}
	}
}
