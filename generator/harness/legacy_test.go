package harness

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// On a CLI that does not mark subagents (2.1.76), a request without the
// spawn tool whose first message holds a spawn's prompt is that subagent;
// the main thread, offered Agent, stays main even when its first message
// quotes the prompt.
func TestUnmarkedSubagentIsKnownByItsPrompt(t *testing.T) {
	s := NewScript(nil, "end")
	s.done = []*Exchange{{Reply: []Action{{Tool: "Task", Input: map[string]any{"subagent_type": "p:r", "prompt": "REVIEW-1"}}}}}
	sub := &Request{Tools: []Tool{{Name: "Read", InputSchema: json.RawMessage(`{}`)}},
		Messages: []Message{{Role: "user", Content: json.RawMessage(`"<system-reminder>x</system-reminder>\nREVIEW-1"`)}}}
	assert.Equal(t, "p:r", s.actor(sub))
	main := &Request{Tools: []Tool{{Name: "Agent", InputSchema: json.RawMessage(`{"properties":{"prompt":{}}}`)}},
		Messages: []Message{{Role: "user", Content: json.RawMessage(`"/p:go REVIEW-1"`)}}}
	assert.Equal(t, Main, s.actor(main))
	other := &Request{Tools: []Tool{{Name: "Read", InputSchema: json.RawMessage(`{}`)}},
		Messages: []Message{{Role: "user", Content: json.RawMessage(`"hello"`)}}}
	assert.Equal(t, Main, s.actor(other), "no spawn prompt: not a subagent")
}
