package harness

import (
	"encoding/json"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// registeredHooks reads the plugin's hooks files: each event with the
// matchers its groups declare.
func registeredHooks(p *snapshot.Plugin) map[string][]string {
	out := map[string][]string{}
	for _, f := range p.OfKind(snapshot.KindHooks) {
		var doc struct {
			Hooks map[string][]struct {
				Matcher string `json:"matcher"`
			} `json:"hooks"`
		}
		if json.Unmarshal(f.Data, &doc) != nil {
			continue
		}
		for ev, groups := range doc.Hooks {
			out[ev] = append(out[ev], "")
			for _, g := range groups {
				out[ev] = append(out[ev], g.Matcher)
			}
		}
	}
	return out
}

var toolName = lazyre.New(`^[A-Za-z][A-Za-z0-9_]*$`)

// toolInputs are inputs that make each built-in tool run (or at least be
// tried, which is when PreToolUse hooks fire).
var toolInputs = map[string]map[string]any{
	"Bash":            {"command": "echo plugforge-smoke", "description": "smoke"},
	"Write":           {"file_path": "smoke.txt", "content": "smoke\n"},
	"Read":            {"file_path": "smoke.txt"},
	"Edit":            {"file_path": "smoke.txt", "old_string": "smoke", "new_string": "smoked"},
	"Glob":            {"pattern": "*.txt"},
	"Grep":            {"pattern": "smoke"},
	"AskUserQuestion": {"questions": []any{map[string]any{"question": "Go on?", "header": "Smoke", "multiSelect": false, "options": []any{map[string]any{"label": "Yes", "description": "go on"}, map[string]any{"label": "No", "description": "stop"}}}}},
}

// toolCalls is one answer calling Bash and Write, and every other tool a
// PreToolUse or PostToolUse matcher names plainly, so those hooks fire.
func toolCalls(registered map[string][]string) []Action {
	names := []string{"Bash", "Write"}
	for _, ev := range []string{"PreToolUse", "PostToolUse"} {
		for _, m := range registered[ev] {
			for _, n := range strings.Split(m, "|") {
				n = strings.TrimSpace(n)
				if toolName.MatchString(n) && toolInputs[n] != nil && !contains(names, n) {
					names = append(names, n)
				}
			}
		}
	}
	var out []Action
	for _, n := range names {
		out = append(out, Action{Tool: n, Input: toolInputs[n]})
	}
	return out
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// asyncCancelled reports a hook that went on in the background (it printed
// {"async": true}) and was cancelled because the run ended first: a smoke
// run is a few seconds long, a session is not, so that is no failure of
// the hook (2.1.330 reports it "cancelled", exit 1; observed on
// claude-plugins-official's security-guidance SessionStart hook).
func asyncCancelled(h HookRun) bool {
	if h.Outcome != "cancelled" {
		return false
	}
	var out struct {
		Async bool `json:"async"`
	}
	return json.Unmarshal([]byte(strings.TrimSpace(h.Output)), &out) == nil && out.Async
}
