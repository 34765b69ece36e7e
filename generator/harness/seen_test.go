package harness

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A seen text may be in any message, not only the last; contains keeps
// looking at the last one only.
func TestSeenMatchesTheWholeConversation(t *testing.T) {
	r := &Request{Messages: []Message{
		{Role: "user", Content: json.RawMessage(`"<task-notification>REPORT-1</task-notification>"`)},
		{Role: "assistant", Content: json.RawMessage(`[{"type":"text","text":"done"}]`)},
		{Role: "user", Content: json.RawMessage(`"Stop hook feedback: continue"`)},
	}}
	assert.True(t, (&Match{Contains: []string{"Stop hook"}, Seen: []string{"REPORT-1"}}).matches(r))
	assert.False(t, (&Match{Contains: []string{"REPORT-1"}}).matches(r), "contains sees the last message only")
	assert.False(t, (&Match{Seen: []string{"REPORT-1", "REPORT-2"}}).matches(r), "every seen text is needed")
}

// A hook expectation can name the source through the CLI's hook name.
func TestHookExpectByName(t *testing.T) {
	var got []string
	fail := func(step, detail, format string, args ...any) { got = append(got, step) }
	runs := []HookRun{{Name: "SessionStart:startup", Event: "SessionStart", Outcome: "success", Output: "ctx"}}
	checkHooks([]HookExpect{{Event: "SessionStart", Name: "SessionStart:startup", Contains: "ctx"}}, runs, fail)
	assert.Empty(t, got)
	checkHooks([]HookExpect{{Event: "SessionStart", Name: "SessionStart:clear"}}, runs, fail)
	assert.Equal(t, []string{"hooks[0] (SessionStart)"}, got)
}

// An absent hook expectation fails when a matching hook ran.
func TestHookExpectAbsent(t *testing.T) {
	var got []string
	fail := func(step, detail, format string, args ...any) { got = append(got, step) }
	runs := []HookRun{{Name: "SessionStart:resume", Event: "SessionStart", Outcome: "success"}}
	checkHooks([]HookExpect{{Event: "SessionStart", Name: "SessionStart:compact", Absent: true}}, runs, fail)
	assert.Empty(t, got)
	checkHooks([]HookExpect{{Event: "SessionStart", Name: "SessionStart:resume", Absent: true}}, runs, fail)
	assert.Equal(t, []string{"hooks[0] (SessionStart)"}, got)
}
