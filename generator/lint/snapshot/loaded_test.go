package snapshot

import "testing"

// TestLoaded holds Plugin.Loaded to what Claude Code reads: components,
// skill files other than plain documentation, output styles, and what a
// loaded file names; not READMEs, docs/, translations or installers.
func TestLoaded(t *testing.T) {
	p := FromMemory("p", map[string][]byte{
		".claude-plugin/plugin.json": []byte(`{"name":"p"}`),
		"hooks/hooks.json":           []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/hooks/stop.sh\""}]}]}}`),
		"hooks/stop.sh":              []byte("#!/bin/sh\n"),
		"hooks/unused.sh":            []byte("#!/bin/sh\n"),
		"commands/run.md":            []byte("Run `${CLAUDE_PLUGIN_ROOT}/scripts/a.py`. See [guide](../guides/g.md).\n"),
		"scripts/a.py":               []byte("print(1)\n"),
		"guides/g.md":                []byte("Read [more](more.md).\n"),
		"guides/more.md":             []byte("x\n"),
		"skills/s/SKILL.md":          []byte("---\ndescription: d\n---\nx\n"),
		"skills/s/reference/api.md":  []byte("x\n"),
		"skills/s/scripts/fill.py":   []byte("x\n"),
		"skills/s/README.md":         []byte("x\n"),
		"skills/s/SKILL.zh-CN.md":    []byte("x\n"),
		"skills/s/docs/plan.md":      []byte("x\n"),
		"output-styles/terse.md":     []byte("x\n"),
		"README.md":                  []byte("x\n"),
		"docs/design.md":             []byte("x\n"),
		"bin/fmt-all":                []byte("#!/bin/sh\n"),
		"install.sh":                 []byte("curl x | sh\n"),
		"CHANGELOG.md":               []byte("x\n"),
	})
	want := map[string]bool{".claude-plugin/plugin.json": true, "hooks/hooks.json": true, "hooks/stop.sh": true, "lib/common.sh": true,
		"commands/run.md": true, "scripts/a.py": true, "guides/g.md": true, "guides/more.md": true,
		"skills/s/SKILL.md": true, "skills/s/reference/api.md": true, "skills/s/scripts/fill.py": true,
		"output-styles/terse.md": true, "bin/fmt-all": true}
	for _, f := range p.Files {
		if f.IsRegular() && p.Loaded(f) != want[f.Path] {
			t.Errorf("%s: Loaded = %v, want %v", f.Path, p.Loaded(f), want[f.Path])
		}
	}
}
