package harness

import (
	"encoding/json"
	"strings"
)

// Request is the part of a Messages API request the stand-in reads. The
// CLI sends more (thinking, metadata, context management); it is kept in
// the raw recording but not interpreted.
type Request struct {
	Model     string          `json:"model"`
	System    json.RawMessage `json:"system"`
	Messages  []Message       `json:"messages"`
	Tools     []Tool          `json:"tools"`
	Stream    bool            `json:"stream"`
	MaxTokens int             `json:"max_tokens"`
}

// Message is one turn of the conversation; Content is a string or blocks.
type Message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// Block is a content block of any type the harness reads.
type Block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

// Tool is one tool the CLI offers the model.
type Tool struct {
	Name        string          `json:"name"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// blocks decodes a string-or-blocks content value.
func blocks(raw json.RawMessage) []Block {
	if len(raw) == 0 {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []Block{{Type: "text", Text: s}}
	}
	var bs []Block
	_ = json.Unmarshal(raw, &bs)
	return bs
}

// text flattens blocks into their text: text blocks, tool results (their
// own content, recursively) and tool calls as "name input".
func text(bs []Block) string {
	var b strings.Builder
	for _, x := range bs {
		switch x.Type {
		case "text":
			b.WriteString(x.Text)
		case "tool_result":
			b.WriteString(text(blocks(x.Content)))
		case "tool_use":
			b.WriteString(x.Name + " " + string(x.Input))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// SystemText is the system prompt as one string.
func (r *Request) SystemText() string { return text(blocks(r.System)) }

// IsSubagent reports whether a subagent sent the request: Claude Code marks
// its first system block with cc_is_subagent=true (2.1.330, recorded).
func (r *Request) IsSubagent() bool {
	bs := blocks(r.System)
	return len(bs) > 0 && strings.Contains(bs[0].Text, "cc_is_subagent=true")
}

// FirstUser is the text of the first user message: for a subagent, the
// prompt it was spawned with (after any <system-reminder> the CLI adds).
func (r *Request) FirstUser() string {
	for _, m := range r.Messages {
		if m.Role == "user" {
			return text(blocks(m.Content))
		}
	}
	return ""
}

// FirstUserTexts are the text blocks of the first user message, one
// each: the expanded command apart from the reminders the CLI adds, so a
// witness can quote what the model was told without the rest.
func (r *Request) FirstUserTexts() []string {
	for _, m := range r.Messages {
		if m.Role != "user" {
			continue
		}
		var out []string
		for _, b := range blocks(m.Content) {
			if b.Type == "text" {
				out = append(out, b.Text)
			}
		}
		return out
	}
	return nil
}

// LastUser is the text of the last user message: the prompt, a tool
// result or a notification the model answers now.
func (r *Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return text(blocks(r.Messages[i].Content))
		}
	}
	return ""
}

// ToolResults are the tool results of the last user message, in order.
func (r *Request) ToolResults() []Block {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role != "user" {
			continue
		}
		var out []Block
		for _, b := range blocks(r.Messages[i].Content) {
			if b.Type == "tool_result" {
				out = append(out, b)
			}
		}
		return out
	}
	return nil
}

// Conversation is every message's text, in order, system messages too:
// where hook context and notifications appear.
func (r *Request) Conversation() string {
	var b strings.Builder
	for _, m := range r.Messages {
		b.WriteString(text(blocks(m.Content)))
	}
	return b.String()
}

// ToolNames lists the tools offered, in order.
func (r *Request) ToolNames() []string {
	out := make([]string, 0, len(r.Tools))
	for _, t := range r.Tools {
		out = append(out, t.Name)
	}
	return out
}

// ToolParams lists the parameters tool name accepts, or nil when the tool
// is not offered: e.g. whether Agent offers run_in_background here.
func (r *Request) ToolParams(name string) []string {
	for _, t := range r.Tools {
		if t.Name != name {
			continue
		}
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		_ = json.Unmarshal(t.InputSchema, &s)
		out := make([]string, 0, len(s.Properties))
		for k := range s.Properties {
			out = append(out, k)
		}
		sortStrings(out)
		return out
	}
	return nil
}
