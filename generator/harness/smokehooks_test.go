package harness

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// hooks turns the hook runs the CLI reported into problems: a hook that
// failed or printed broken JSON is one; an async hook the end of the run
// cancelled is not.
func TestSmokeHookProblems(t *testing.T) {
	one, two := 1, 2
	run := func(name, outcome, output string, code *int) HookRun {
		return HookRun{Name: name, Event: "SessionStart", Outcome: outcome, Output: output, ExitCode: code}
	}
	results := []*Result{{Output: &Output{Hooks: []HookRun{
		run("SessionStart:async", "cancelled", `{"async": true, "asyncTimeout": 180000}`, &one),
		run("SessionStart:killed", "cancelled", `{"continue": true}`, &one),
		run("SessionStart:exit1", "error", "", &one),
		run("SessionStart:blocks", "success", "", &two),
		run("SessionStart:broken", "success", `{"hookSpecificOutput": {`, nil),
	}}}}
	var probs []SmokeProblem
	got := hooks(results, map[string][]string{"SessionStart": {""}, "Stop": {""}}, &probs)

	kinds := map[string]string{}
	for _, p := range probs {
		kinds[p.Component] += p.Kind
	}
	assert.Equal(t, map[string]string{
		"SessionStart:killed": "hook-failed",
		"SessionStart:exit1":  "hook-failed",
		"SessionStart:broken": "hook-output",
	}, kinds)
	assert.Equal(t, []SmokeHook{
		{Event: "SessionStart", Runs: 5, Outcomes: []string{"cancelled", "error", "success"}},
		{Event: "Stop", Outcomes: []string{}},
	}, got)
}
