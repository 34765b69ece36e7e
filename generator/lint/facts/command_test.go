package facts

import "testing"

// A path a command runs (its program, an interpreter's script) must be a
// file; a path it only hands to another command (cd, cp) may be a
// directory. ScriptRef.Runs tells them apart.
func TestScriptRuns(t *testing.T) {
	for _, c := range []struct {
		text string
		args []string
		exec bool
		want map[string]bool // rel -> Runs
	}{
		{`cd "${CLAUDE_PLUGIN_ROOT}/hooks" && bun install`, nil, false, map[string]bool{"hooks": false}},
		{`"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh"`, nil, false, map[string]bool{"hooks/check.sh": true}},
		{`bash "${CLAUDE_PLUGIN_ROOT}/hooks/lib"`, nil, false, map[string]bool{"hooks/lib": true}},
		{`cp -r "${CLAUDE_PLUGIN_ROOT}/templates" .`, nil, false, map[string]bool{"templates": false}},
		{`env "${CLAUDE_PLUGIN_ROOT}/bin/run"`, nil, false, map[string]bool{"bin/run": true}},
		{"node", []string{"${CLAUDE_PLUGIN_ROOT}/server.js", "${CLAUDE_PLUGIN_ROOT}/data"}, true,
			map[string]bool{"server.js": true, "data": false}},
	} {
		got := map[string]bool{}
		for _, s := range NewCommand(c.text, c.args, c.exec).Scripts() {
			got[s.Rel] = s.Runs
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: scripts %v, want %v", c.text, got, c.want)
		}
		for rel, want := range c.want {
			if r, ok := got[rel]; !ok || r != want {
				t.Errorf("%s: %s Runs = %v (found %v), want %v", c.text, rel, r, ok, want)
			}
		}
	}
}
