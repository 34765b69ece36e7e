package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/schemas"
)

const reportSchema = "test-report.schema.json"

// claudeCLI finds Claude Code the way `plugforge test` does: $CLAUDE, the
// copy `make tools` installs at the repository root, or claude on PATH.
// Without one the test is skipped, saying how to get it.
func claudeCLI(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CLAUDE"); p != "" {
		return p
	}
	local, err := filepath.Abs("../../.tools/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")
	require.NoError(t, err)
	if _, err := os.Stat(local); err == nil {
		return local
	}
	if p, err := exec.LookPath("claude"); err == nil {
		return p
	}
	t.Skip("Claude Code is not installed: run `make tools` (or set CLAUDE) to run the smoke against the real CLI")
	return ""
}

// validReport writes r as `plugforge test --format json` does and checks
// it against the schema, returning the decoded JSON.
func validReport(t *testing.T, r *Report) map[string]any {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, r.WriteJSON(&b))
	v := decodeJSON(t, b.Bytes())
	issues, err := schemas.Validate(reportSchema, v)
	require.NoError(t, err)
	require.Empty(t, issues, "the report does not match schemas/%s:\n%s", reportSchema, b.String())
	return v.(map[string]any)
}

func decodeJSON(t *testing.T, data []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	require.NoError(t, d.Decode(&v))
	return v
}

// TestSmokeOnAFixturePlugin runs the smoke in the real CLI on a plugin with
// one command, skill, agent and hook that all work, and one command whose
// `!` line fails: that command, and only it, must be reported.
func TestSmokeOnAFixturePlugin(t *testing.T) {
	bin := claudeCLI(t)
	if testing.Short() {
		t.Skip("runs Claude Code five times; skipped with -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s, err := Smoke(ctx, "testdata/smoke", Options{Claude: bin, Timeout: 2 * time.Minute}, 2)
	require.NoError(t, err)
	rep := NewReport(s.Plugin, nil, s)
	v := validReport(t, rep)
	assert.Equal(t, "smokefix", v["plugin"])
	assert.False(t, rep.OK(), "a smoke with a problem fails the run")

	assert.True(t, s.Loaded)
	byName := map[string]SmokeComponent{}
	for _, set := range [][]SmokeComponent{s.Commands, s.Skills, s.Agents} {
		for _, c := range set {
			byName[c.Name] = c
			assert.True(t, c.Registered, "%s was not registered", c.Name)
		}
	}
	require.Len(t, byName, 4)
	assert.Equal(t, "success", byName["smokefix:greet"].Ran)
	assert.Equal(t, "Say hello to the project", byName["smokefix:greet"].Description)
	assert.Contains(t, byName["smokefix:tidy-notes"].Description, "Sort a notes file by heading.")
	assert.Contains(t, byName["smokefix:checker"].Ran, "haiku")
	assert.Contains(t, byName["smokefix:checker"].Ran, "tools Read,Grep")

	events := map[string]SmokeHook{}
	for _, h := range s.Hooks {
		events[h.Event] = h
	}
	for _, ev := range []string{"SessionStart", "PreToolUse"} {
		assert.Positive(t, events[ev].Runs, "%s hook never ran", ev)
		assert.Equal(t, []string{"success"}, events[ev].Outcomes, ev)
	}

	require.Len(t, s.Problems, 1, "%+v", s.Problems)
	p := s.Problems[0]
	assert.Equal(t, "command-failed", p.Kind)
	assert.Equal(t, "smokefix:broken", p.Component)
	assert.Contains(t, p.Message, "!`false`")
	assert.NotEqual(t, "success", byName["smokefix:broken"].Ran, "a command that never reached the model did not end in success")
}

// TestScenarioReportMatchesTheSchema: a report of scenario runs, with a
// failure and its detail, validates; and the schema is not so loose that
// anything does.
func TestScenarioReportMatchesTheSchema(t *testing.T) {
	results := []*Result{
		{Scenario: "approve in round 1", File: "scenarios/approve.yaml", Mode: Print, Version: "2.1.330", Passed: true, Seconds: 3.2},
		{Scenario: "reject then fix", Mode: Interactive, Version: "2.1.330", Seconds: 9.5, Dir: "/tmp/plugforge-test-1",
			Failures: []Failure{{Step: "turns[2]", Message: "no request matched", Detail: "request: …\nanswer: …"}}},
	}
	rep := NewReport("iflow", results, nil)
	v := validReport(t, rep)
	assert.Equal(t, "2.1.330", v["claude_code_version"])
	assert.Equal(t, json.Number("1"), v["passed"])
	assert.Equal(t, json.Number("1"), v["failed"])
	assert.NotContains(t, v, "smoke")

	for name, doc := range map[string]string{
		"unknown mode":         `{"version":1,"plugin":"p","passed":0,"failed":1,"results":[{"scenario":"s","mode":"batch","passed":false,"failures":[],"seconds":1}]}`,
		"failure without step": `{"version":1,"plugin":"p","passed":0,"failed":1,"results":[{"scenario":"s","mode":"print","passed":false,"failures":[{"message":"m"}],"seconds":1}]}`,
		"unknown problem kind": `{"version":1,"plugin":"p","passed":0,"failed":1,"results":[],"smoke":{"plugin":"p","claude_code_version":"","loaded":false,"commands":[],"skills":[],"agents":[],"hooks":[],"mcp_servers":[],"problems":[{"kind":"exploded","message":"m"}],"seconds":0}}`,
		"smoke lists as null":  `{"version":1,"plugin":"p","passed":1,"failed":0,"results":[],"smoke":{"plugin":"p","claude_code_version":"2.1.330","loaded":true,"commands":null,"skills":[],"agents":[],"hooks":[],"mcp_servers":[],"problems":[],"seconds":1}}`,
	} {
		issues, err := schemas.Validate(reportSchema, decodeJSON(t, []byte(doc)))
		require.NoError(t, err)
		assert.NotEmpty(t, issues, "%s: the schema accepted it", name)
	}
}

// TestEmptySmokeReportMatchesTheSchema: a smoke that saw nothing (the CLI
// printed no init message) still writes every list, as an empty array.
func TestEmptySmokeReportMatchesTheSchema(t *testing.T) {
	s := &SmokeReport{Plugin: "p", Problems: []SmokeProblem{{Kind: "plugin-not-loaded", Message: "the CLI printed no system/init message: "}}}
	v := validReport(t, NewReport(s.Plugin, nil, s))
	sm := v["smoke"].(map[string]any)
	for _, k := range []string{"commands", "skills", "agents", "hooks", "mcp_servers"} {
		assert.Equal(t, []any{}, sm[k], k)
	}
}

// A directory without .claude-plugin/plugin.json is still a plugin to the
// CLI, named after the directory; a directory that does not exist is not.
// With Keep the report says where the run's directory is.
func TestSmokeWithoutAManifest(t *testing.T) {
	_, err := Run(context.Background(), &Scenario{Name: "x", Prompt: "x"}, "testdata/no-such-plugin", Print, Options{Claude: "/nonexistent"})
	require.ErrorContains(t, err, "not a plugin directory")

	bin := claudeCLI(t)
	if testing.Short() {
		t.Skip("runs Claude Code; skipped with -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := Smoke(ctx, "testdata/nomanifest", Options{Claude: bin, Timeout: 2 * time.Minute, Keep: true}, 2)
	require.NoError(t, err)
	validReport(t, NewReport(s.Plugin, nil, s))
	require.Len(t, s.Kept, 1, "one run, kept")
	t.Cleanup(func() { _ = os.RemoveAll(s.Kept[0]) })
	assert.FileExists(t, filepath.Join(s.Kept[0], "exchanges.jsonl"))
	assert.True(t, s.Loaded)
	assert.Empty(t, s.Problems)
	require.Len(t, s.Skills, 1)
	assert.Equal(t, SmokeComponent{Name: "nomanifest:tidy-notes", File: "skills/tidy-notes/SKILL.md", Registered: true,
		Description: "Sort a notes file by heading. Use when the user asks to tidy notes."}, s.Skills[0])
}
