package model

// Protocol is what a dialect knows about subagents on the Claude Code
// releases it targets: how a spawn and a continuation are written, whether
// a foreground spawn can be asked for, and every form in which a result can
// come back, with the branch a command takes for each. The dispatch
// templates render the "Subagent results" section and every site's collect
// step from this value, so the protocol is written down once.
//
// The result texts of AgentSendMessage are recorded, not remembered: every
// fragment in a form's Texts was printed by the CLI in a probe run
// (generator/formrec, recordings in testdata/recordings/VERSION.json), and
// protocol_recorded_test.go fails when a recorded text no longer fits its
// form or a fragment is no longer printed. Fragments no print-mode probe
// provokes stay in Unrecorded, checked only against the CLI binary's bytes.
type Protocol struct {
	Dialect  Dialect
	Releases string // e.g. "Claude Code 2.1.77 and later"
	Checked  string // the releases whose recordings the result texts were checked against ("" for the seeds' wording)
	// Spawn is the tool that starts a subagent.
	Spawn string
	// Foreground says how a spawn asks to run in the foreground; its Param
	// is empty when every spawn already blocks until the report is back.
	Foreground Foreground
	Continue   Continuation
	// Forms are in the order a command checks them: the first that fits
	// names the result. Specific forms come first, so a "not resumed"
	// answer that quotes an old report is never read as a report.
	Forms []ResultForm
}

// Foreground is the spawn parameter that asks for a blocking run, and where
// the spawn tool offers it.
type Foreground struct {
	Param   string // e.g. "run_in_background: false"; "" when spawns always block
	Offered string // where the parameter exists
	Absent  string // where it does not, and why naming it there fails
}

// Continuation is how a stored subagent is continued.
type Continuation struct {
	Tool   string // SendMessage, or Task for the classic dialect
	Target string // the field naming the agent: "to", or "resume"
	Body   string // the field carrying the message: "message", or "prompt"
}

// Call is the kind of dispatch a result answers.
type Call string

const (
	Spawn    Call = "spawn"    // a fresh dispatch (I1-R4, I7 fresh, I3)
	Continue Call = "continue" // a continuation (I2, I2-FV, I7 continued)
)

// Branch is what a command does with one form of result.
type Branch string

const (
	// Take: the result is the subagent's report; go on with it.
	Take Branch = "take"
	// Wait: the report follows in a later message; end the turn and wait.
	Wait Branch = "wait"
	// Fail: the dispatch failed; a continuation takes the I3 fallback, a
	// fresh dispatch is sent once more and then the site's failure path.
	Fail Branch = "fail"
	// FailOff: as Fail, and no subagent is continued for the rest of the run.
	FailOff Branch = "fail-off"
)

// ResultForm is one way a dispatch's result can come back.
type ResultForm struct {
	Name string // what commands call it: report, launched, ...
	// Texts are verbatim fragments of what Claude Code prints for this
	// form, each found in a recording of it; the rendered section quotes
	// them so a model can match them.
	Texts []string
	// Unrecorded are fragments of this form that no probe has provoked
	// (interactive-only or unreached paths), kept because the CLI binary
	// still holds them; formrec's -check fails when one disappears.
	Unrecorded []string
	Looks      string // how to recognise it, in plain words, for the section
	Calls      []Call // which dispatches can get this form
	Branch
	Note string // one more instruction, for the protocol section
	// Caution is repeated at every site whose call can get this form: the
	// one thing a model must not get wrong there.
	Caution string
}

// Answers reports whether the form can answer call c.
func (f ResultForm) Answers(c Call) bool {
	for _, x := range f.Calls {
		if x == c {
			return true
		}
	}
	return false
}

var both = []Call{Spawn, Continue}

// agentProtocol is the Agent/SendMessage protocol of Claude Code 2.1.77 and
// later, as the recorded releases print it.
var agentProtocol = Protocol{
	Dialect:  AgentSendMessage,
	Releases: "Claude Code 2.1.77 and later",
	Checked:  "2.1.330 and 2.1.332",
	Spawn:    "Agent",
	Foreground: Foreground{
		Param:   "run_in_background: false",
		Offered: "`claude -p`, where a spawn otherwise runs in the background and its report comes as a notification",
		Absent:  "interactive sessions do not offer it (a spawn that names it is accepted and still runs in the background), nor does `claude -p` with `CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1`, where every spawn already waits for its report",
	},
	Continue: Continuation{Tool: "SendMessage", Target: "to", Body: "message"},
	Forms: []ResultForm{
		{
			Name:       "not resumed",
			Unrecorded: []string{"Agent was not resumed, and your message was not delivered"},
			Looks:      "the SendMessage result begins \"Agent was not resumed, and your message was not delivered\"",
			Calls:      []Call{Continue},
			Branch:     Fail,
			Note:       "the final report that may follow it is the agent's OLD report, read from its saved transcript: never take it as this dispatch's verdict",
			Caution:    "never take the old report it may replay as the verdict",
		},
		{
			Name:       "unavailable",
			Texts:      []string{"No such tool available: SendMessage", "SendMessage is not among the tools available here"},
			Unrecorded: []string{"SendMessage is disabled for this session"},
			Looks:      "the call fails with \"No such tool available: SendMessage\" (\"SendMessage is not among the tools available here\" or \"SendMessage is disabled for this session\")",
			Calls:      []Call{Continue},
			Branch:     FailOff,
		},
		{
			Name:       "launched",
			Texts:      []string{"Async agent launched successfully", "Resuming agent", "Message queued for delivery to"},
			Unrecorded: []string{"Resumed agent. Its final report is not in this message.", "The agent has not finished. It is waiting for the user to answer a permission request"},
			Looks:      "the spawn result says \"Async agent launched successfully\" (with an `agentId:` line); a SendMessage result says \"Resuming agent\" (a finished agent runs again), \"Message queued for delivery to\" (a running agent gets it at its next tool round) or \"Resumed agent. Its final report is not in this message.\"; or the result says \"The agent has not finished. It is waiting for the user to answer a permission request\"",
			Calls:      both,
			Branch:     Wait,
		},
		{
			Name:   "interim",
			Texts:  []string{"is waiting on its own background work"},
			Looks:  "a `<task-notification>` for the agent id whose `<summary>` says it \"is waiting on its own background work\"",
			Calls:  both,
			Branch: Wait,
			Note:   "its text is not the report: another notification follows",
		},
		{
			Name:   "partial",
			Texts:  []string{"-turn limit (partial result"},
			Looks:  "a `<task-notification>` whose `<summary>` says the agent stopped at its turn limit (\"-turn limit (partial result\")",
			Calls:  both,
			Branch: Fail,
		},
		{
			Name:   "failed",
			Texts:  []string{"<status>failed</status>"},
			Looks:  "a `<task-notification>` for the agent id with \"<status>failed</status>\"",
			Calls:  both,
			Branch: Fail,
		},
		{
			Name:   "stopped",
			Texts:  []string{"<status>killed</status>", "was stopped"},
			Looks:  "a `<task-notification>` for the agent id with \"<status>killed</status>\" (its summary says the agent \"was stopped\")",
			Calls:  both,
			Branch: Fail,
			Note:   "if the summary says it was stopped by the user, ask the user before dispatching again (with [YOLO_MODE], stop with \"YOLO MODE STOPPED: {role} was stopped by the user\")",
		},
		{
			Name:   "error",
			Texts:  []string{"Concurrent subagent limit reached", "not found. Available agents:", "could not be resumed"},
			Looks:  "the tool reports an error: \"Concurrent subagent limit reached\", an agent type \"not found. Available agents:\", a SendMessage whose `success` is false (\"could not be resumed\"), or any other result marked as an error",
			Calls:  both,
			Branch: Fail,
		},
		{
			Name:   "report",
			Texts:  []string{"[Subagent hand-back]", "Resumed agent. Its final report follows this JSON", "<status>completed</status>"},
			Looks:  "the tool result itself holds the answer (a foreground spawn's result frames it as \"[Subagent hand-back]\" and ends with an `agentId:` line and its usage; a continuation says \"Resumed agent. Its final report follows this JSON\"), or a `<task-notification>` for the dispatch's agent id has \"<status>completed</status>\" and a `<summary>` saying the agent finished; the report is its `<result>`",
			Calls:  both,
			Branch: Take,
		},
	},
}

// taskProtocol is the seeds' own Task/resume protocol of Claude Code 2.0.28
// to 2.1.76: every call blocks and its result holds the report.
var taskProtocol = Protocol{
	Dialect:  TaskResume,
	Releases: "Claude Code 2.0.28 to 2.1.76",
	Spawn:    "Task",
	Continue: Continuation{Tool: "Task", Target: "resume", Body: "prompt"},
	Forms: []ResultForm{
		{
			Name:   "error",
			Texts:  []string{"<tool_use_error>"},
			Looks:  "the Task tool returns an error (\"<tool_use_error>\")",
			Calls:  both,
			Branch: Fail,
		},
		{
			Name:   "report",
			Looks:  "any other Task tool result: it holds the subagent's answer",
			Calls:  both,
			Branch: Take,
		},
	},
}

// Protocol returns the dialect's protocol.
func (d Dialect) Protocol() *Protocol {
	if d == TaskResume {
		return &taskProtocol
	}
	return &agentProtocol
}

// FormsFor lists the forms that can answer call c, in protocol order.
func (p *Protocol) FormsFor(c Call) []ResultForm {
	var out []ResultForm
	for _, f := range p.Forms {
		if f.Answers(c) {
			out = append(out, f)
		}
	}
	return out
}

// CanLoseContinuation reports a protocol in which the continuation tool
// itself can be missing or disabled, so a run may switch continuation off.
func (p *Protocol) CanLoseContinuation() bool {
	for _, f := range p.Forms {
		if f.Branch == FailOff {
			return true
		}
	}
	return false
}

// Async reports a protocol whose results can arrive after the call returns.
func (p *Protocol) Async() bool {
	for _, f := range p.Forms {
		if f.Branch == Wait {
			return true
		}
	}
	return false
}
