package harness

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
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
		if p.Component == "SessionStart:killed" {
			assert.Contains(t, p.Message, "it timed out, or it runs async and the run ended first")
		}
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

// A skill whose frontmatter name differs from its directory is registered
// under the directory's name and listed as "dir (name)" (2.1.330); the
// smoke reports it by the name the CLI uses, not as dropped.
func TestSmokeNamesASkillByItsDirectory(t *testing.T) {
	skills := []snapshot.Component{
		{Kind: snapshot.KindSkill, Name: "pdf", File: &snapshot.File{Path: "skills/pdf-tools/SKILL.md"}},
		{Kind: snapshot.KindSkill, Name: "gone", File: &snapshot.File{Path: "skills/gone/SKILL.md"}},
	}
	listing := "- p:pdf-tools (p:pdf): Works with PDF files.\n"
	var probs []SmokeProblem
	got := components(skills, "p:", []string{"p:pdf-tools"}, listing, &probs, "skill")
	assert.Equal(t, []SmokeComponent{
		{Name: "p:pdf-tools", File: "skills/pdf-tools/SKILL.md", Registered: true, Description: "Works with PDF files."},
		{Name: "p:gone", File: "skills/gone/SKILL.md"},
	}, got)
	assert.Equal(t, []SmokeProblem{{Kind: "dropped", Component: "p:gone",
		Message: `skill "p:gone" (skills/gone/SKILL.md) is not among the skills the CLI registered`}}, probs)

	probs = nil
	unlisted(&Init{Skills: []string{"p:pdf-tools", "p:extra"}}, "p:", &snapshot.Components{Skills: skills}, &probs)
	assert.Equal(t, []SmokeProblem{{Kind: "unlisted", Component: "p:extra",
		Message: `the CLI registered "p:extra", which no file of the plugin defines under that name`}}, probs)
}

// trim cuts long hook output without splitting a character, and the text
// report keeps each problem on one line.
func TestSmokeTextStaysReadable(t *testing.T) {
	assert.Equal(t, "ab…", trim("ab❌cd", 3))
	assert.Equal(t, "ab❌…", trim("ab❌cd", 5))

	s := &SmokeReport{Plugin: "p", Version: "2.1.330", Loaded: true,
		Problems: []SmokeProblem{{Kind: "hook-failed", Component: "Stop", Message: "exit 127: first\nsecond"}}}
	var b strings.Builder
	require.NoError(t, NewReport("p", nil, s).WriteText(&b))
	assert.Contains(t, b.String(), "  PROBLEM hook-failed Stop: exit 127: first second\n")
}
