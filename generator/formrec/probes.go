package formrec

// Capture names one text a probe provokes: the Nth result of a tool, or
// the Nth <task-notification>, that the main thread was shown.
type Capture struct {
	Form   string // the protocol form it is: launched, report, ...
	Call   string // the dispatch it answers: spawn or continue
	Branch string // what a command does with it: take, wait, fail, fail-off
	Source string // a tool name (Agent, SendMessage, TaskStop) or Notification
	N      int    // 1-based
}

// Notification is the Source of a <task-notification>.
const Notification = "notification"

// Probe is one recording scenario and the texts it must provoke.
type Probe struct {
	File     string // under scenarios/
	Captures []Capture
	// Interactive, when set, replaces Captures in an interactive session,
	// where the same calls get other forms.
	Interactive []Capture
	// PrintOnly probes test a print-mode flag (--max-turns is documented
	// for non-interactive runs) and are skipped in interactive sessions.
	PrintOnly bool
	// Ends: record the result subtypes print mode reports. Only where the
	// probe fixes them: how often the model is asked again after an
	// interim notification depends on timing (seen 2 and 3 times).
	Ends bool
}

// captures are the probe's captures in mode.
func (p Probe) captures(mode string) []Capture {
	if mode == "interactive" && p.Interactive != nil {
		return p.Interactive
	}
	return p.Captures
}

// Probes are every recording scenario, in the order they run. The labels
// are what the runs showed, not what generator/model says: the
// conformance tests check the protocol against them.
var Probes = []Probe{
	{File: "background.yaml", Captures: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"report", "spawn", "take", Notification, 1},
		{"launched", "continue", "wait", "SendMessage", 1},
		{"report", "continue", "take", Notification, 2},
	}},
	{File: "foreground.yaml", Captures: []Capture{
		{"report", "spawn", "take", "Agent", 1},
		{"launched", "continue", "wait", "SendMessage", 1},
		{"report", "continue", "take", Notification, 1},
	}, Interactive: []Capture{ // run_in_background is not offered; naming it changes nothing
		{"launched", "spawn", "wait", "Agent", 1},
		{"report", "spawn", "take", Notification, 1},
		{"launched", "continue", "wait", "SendMessage", 1},
		{"report", "continue", "take", Notification, 2},
	}},
	{File: "no-background.yaml", Captures: []Capture{
		{"report", "spawn", "take", "Agent", 1},
		{"report", "continue", "take", "SendMessage", 1},
		{"report", "spawn", "take", "Agent", 2},
	}},
	{File: "unavailable.yaml", Captures: []Capture{
		{"report", "spawn", "take", "Agent", 1},
		{"unavailable", "continue", "fail-off", "SendMessage", 1},
	}, Interactive: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"report", "spawn", "take", Notification, 1},
		{"unavailable", "continue", "fail-off", "SendMessage", 1},
	}},
	{File: "errors.yaml", Captures: []Capture{
		{"error", "spawn", "fail", "Agent", 1},
		{"error", "continue", "fail", "SendMessage", 1},
	}},
	{File: "turn-limit.yaml", Captures: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"partial", "spawn", "fail", Notification, 1},
	}},
	{File: "failed.yaml", Captures: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"failed", "spawn", "fail", Notification, 1},
		{"launched", "continue", "wait", "SendMessage", 1},
		{"failed", "continue", "fail", Notification, 2},
	}},
	{File: "stopped.yaml", Captures: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"launched", "continue", "wait", "SendMessage", 1},
		{"stop-ack", "stop", "", "TaskStop", 1},
		{"stopped", "spawn", "fail", Notification, 1},
	}},
	{File: "concurrency.yaml", Captures: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"error", "spawn", "fail", "Agent", 2},
	}},
	{File: "max-turns.yaml", PrintOnly: true, Ends: true, Captures: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"report", "spawn", "take", Notification, 1},
	}},
	{File: "interim.yaml", Captures: []Capture{
		{"launched", "spawn", "wait", "Agent", 1},
		{"interim", "spawn", "wait", Notification, 1},
	}},
}
