package cliview

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// HookRun is one hook the CLI ran before its init message (a SessionStart
// hook, when Runner.RunPluginCode lets hooks run), from its hook_response.
type HookRun struct {
	Event    string `json:"event"`
	ExitCode int    `json:"exit_code"`
	Outcome  string `json:"outcome"` // "success" or "error"
	// Stderr is the first line of what the hook wrote to standard error,
	// the plugin directory written "$PLUGIN", cut to maxProblem characters.
	Stderr string `json:"stderr,omitempty"`
}

func (h HookRun) String() string {
	return h.Event + " " + h.Outcome + " " + strconv.Itoa(h.ExitCode) + " " + h.Stderr
}

// systemNotInit reports whether line is a system message other than init.
func systemNotInit(line []byte) bool {
	var m struct{ Type, Subtype string }
	return json.Unmarshal(line, &m) == nil && m.Type == "system" && m.Subtype != "init"
}

// hookResponse reads a hook_response message.
func hookResponse(line []byte, plugin string) (HookRun, bool) {
	var m struct {
		Subtype  string `json:"subtype"`
		Event    string `json:"hook_event"`
		Stderr   string `json:"stderr"`
		ExitCode int    `json:"exit_code"`
		Outcome  string `json:"outcome"`
	}
	if json.Unmarshal(line, &m) != nil || m.Subtype != "hook_response" {
		return HookRun{}, false
	}
	first, _, _ := strings.Cut(strings.TrimSpace(m.Stderr), "\n")
	first = strings.ReplaceAll(first, plugin, "$PLUGIN")
	if r := []rune(first); len(r) > maxProblem {
		first = string(r[:maxProblem]) + "…"
	}
	return HookRun{Event: m.Event, ExitCode: m.ExitCode, Outcome: m.Outcome, Stderr: first}, true
}

// sortHooks orders hook runs, which finish in no fixed order.
func sortHooks(h []HookRun) []HookRun {
	slices.SortFunc(h, func(a, b HookRun) int { return strings.Compare(a.String(), b.String()) })
	return h
}
