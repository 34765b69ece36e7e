package harness

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"

	"github.com/plugforge/plugforge/generator/cliview"
)

// Output is what the CLI printed in print mode with --output-format
// stream-json --verbose, read into the parts scenarios check.
type Output struct {
	Init    *Init
	Hooks   []HookRun
	Results []ToolResult // tool results the CLI reported, main thread and subagents
	Final   *Final
	Raw     []byte
}

// Init is the CLI's first system message: what it registered. cliview
// owns its shape, for the listing and for runs alike.
type Init = cliview.Init

// HookRun is one hook the CLI ran and reported.
type HookRun struct {
	Name     string `json:"hook_name"`
	Event    string `json:"hook_event"`
	Output   string `json:"output"`
	Stderr   string `json:"stderr"`
	ExitCode *int   `json:"exit_code"`
	Outcome  string `json:"outcome"`
}

// ToolResult is a tool result as the CLI reported it.
type ToolResult struct {
	ToolUseID string
	Text      string
	IsError   bool
	Parent    string // parent_tool_use_id: "" for the main thread
}

// Final is the CLI's closing result message.
type Final struct {
	Subtype           string            `json:"subtype"`
	IsError           bool              `json:"is_error"`
	Result            string            `json:"result"`
	NumTurns          int               `json:"num_turns"`
	TerminalReason    string            `json:"terminal_reason"`
	PermissionDenials []json.RawMessage `json:"permission_denials"`
	SubagentStats     map[string]any    `json:"subagent_stats"`
}

// ParseOutput reads stream-json lines; lines that are not JSON are kept
// in Raw only.
func ParseOutput(data []byte) *Output {
	o := &Output{Raw: data}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var head struct {
			Type    string          `json:"type"`
			Subtype string          `json:"subtype"`
			Parent  string          `json:"parent_tool_use_id"`
			Message json.RawMessage `json:"message"`
		}
		if json.Unmarshal(line, &head) != nil {
			continue
		}
		switch {
		case head.Type == "system" && head.Subtype == "init" && o.Init == nil:
			o.Init = new(Init)
			_ = json.Unmarshal(line, o.Init)
		case head.Type == "system" && head.Subtype == "hook_response":
			var h HookRun
			if json.Unmarshal(line, &h) == nil {
				o.Hooks = append(o.Hooks, h)
			}
		case head.Type == "user":
			var m Message
			if json.Unmarshal(head.Message, &m) != nil {
				continue
			}
			for _, b := range blocks(m.Content) {
				if b.Type == "tool_result" {
					o.Results = append(o.Results, ToolResult{ToolUseID: b.ToolUseID, Text: text(blocks(b.Content)), IsError: b.IsError, Parent: head.Parent})
				}
			}
		case head.Type == "result":
			o.Final = new(Final)
			_ = json.Unmarshal(line, o.Final)
		}
	}
	return o
}

// Stat reads a subagent_stats counter; nested counters are named with
// dots, e.g. killed.user.
func (f *Final) Stat(name string) (int, bool) {
	var cur any = f.SubagentStats
	for _, part := range strings.Split(name, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return 0, false
		}
		cur = m[part]
	}
	n, ok := cur.(float64)
	return int(n), ok
}
