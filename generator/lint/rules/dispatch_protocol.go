package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// The dispatch protocol of current Claude Code (recorded on 2.1.330 and
// 2.1.332, generator/model/testdata/recordings): an Agent spawn runs in the
// background in interactive sessions and in claude -p, interactive sessions
// offer no run_in_background parameter, and a SendMessage to a finished
// subagent resumes it in the background. Either way the report comes
// later, as a <task-notification>. These rules look for a
// command or skill that assumes otherwise. They read any plugin's text.

// dpSaysResultArrives reports whether a file tells the model how a
// background result reaches it: the notification it arrives in. lower is
// the file's text lower-cased (facts.LowerText).
func dpSaysResultArrives(lower string) bool {
	return strings.Contains(lower, "task-notification")
}

// dpSaysNotResumed reports whether a file handles SendMessage's "Agent was
// not resumed" result, a success result that delivered nothing. lower is
// the file's text lower-cased (facts.LowerText).
func dpSaysNotResumed(lower string) bool {
	return strings.Contains(lower, "not resumed")
}

// dispatchProtocolRules check that a command or skill says how a
// subagent's result reaches it, and handles a continuation that was not
// resumed.
var dispatchProtocolRules = []lint.Rule{
	{
		ID: "DP019", Alias: "result-arrival-unstated", Family: famDispatch, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
		Title: "subagent continued with SendMessage, or spawned in the foreground, without saying how the result arrives",
		Doc: lint.Doc{Why: `Claude Code runs an Agent spawn in the background, in interactive sessions and in
claude -p alike; interactive sessions do not offer the run_in_background parameter (a spawn that
names it is accepted and still runs in the background), and a SendMessage to a finished subagent
answers {"success":true,"message":"Resuming agent …"}. In both cases the report arrives later, in
a following turn, as a <task-notification> carrying the agent id, a status and the result
(recorded on 2.1.330 and 2.1.332: generator/model/testdata/recordings). A command that
relies on run_in_background: false, or continues a subagent with SendMessage, and never says so
leads the model to read the acknowledgement as the answer or to stall. Say how the result
arrives: match the notification to the dispatch by its agent id and end the turn to wait.
Reported once per file, at the first such call.

Scope: this is how Claude Code delivers subagent results, not a plugforge convention, so it
looks at every file Claude Code loads, whoever wrote it.`,
			Bad:         "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    Review the delta.\n\nParse the JSON reply.",
			Good:        "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    Review the delta.\n\nThe report arrives as a <task-notification> for that agent id:\nend your turn to wait for it, then parse its JSON.",
			Checked:     "2.1.332",
			Consequence: "The model may read an acknowledgement as the answer or stall; a likely mistake."},
		Requires: []lint.Analyzer{facts.Dispatches, facts.LowerText},
		Check: func(pass *lint.Pass) {
			df := facts.Dispatches.Of(pass, pass.File)
			if dpSaysResultArrives(facts.LowerText.Of(pass, pass.File)) {
				return
			}
			for _, b := range df.Blocks {
				if b.Tool == "SendMessage" {
					pass.Reportf(pass.File.Line(b.Line), "say that the report arrives later as a <task-notification> for the agent id, and that the model ends its turn to wait for it",
						"the SendMessage call continues %s, but the file never says how its report arrives", dpWho(df, b))
					return
				}
				if p, ok := b.Param("run_in_background"); ok && b.Tool == "Agent" && strings.EqualFold(facts.Unquote(p.Value), "false") {
					pass.Reportf(pass.File.Line(p.Line), "pass run_in_background only where the Agent tool offers it, and say how a background result arrives (a <task-notification> for the agent id)",
						"the Agent call for %s relies on run_in_background: false, which interactive sessions do not offer, and the file never says how a background result arrives", dpWho(df, b))
					return
				}
			}
		},
	},
	{
		ID: "DP020", Alias: "continuation-failure-error-only", Family: famDispatch, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
		Title: "a SendMessage continuation whose failure handling covers only tool errors",
		Doc: lint.Doc{Why: `SendMessage can fail without an error: Claude Code 2.1.330 answers "Agent was not
resumed, and your message was not delivered." as a success result, sometimes followed by the
agent's saved final report, which is its OLD report. A command that falls back to a fresh
dispatch only when SendMessage returns an error takes that old report for the new verdict.
Name the not-resumed result among the forms that take the fallback, and say never to take the
report that follows it. Reported once per file, at the first SendMessage call.

Scope: this is how Claude Code's SendMessage reports failure, not a plugforge convention, so
it looks at every file Claude Code loads, whoever wrote it.`,
			Bad:         "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ...\n\nIf SendMessage returns an error, dispatch fresh.",
			Good:        "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ...\n\nIf it returns an error or says the agent was not resumed (never take\nthe old report that follows), dispatch fresh.",
			Checked:     "2.1.330",
			Consequence: "An old report may be taken for the new verdict; a likely mistake."},
		Requires: []lint.Analyzer{facts.Dispatches, facts.LowerText},
		Check: func(pass *lint.Pass) {
			if dpSaysNotResumed(facts.LowerText.Of(pass, pass.File)) {
				return
			}
			df := facts.Dispatches.Of(pass, pass.File)
			for _, b := range df.Blocks {
				if b.Tool == "SendMessage" {
					pass.Reportf(pass.File.Line(b.Line), `treat "Agent was not resumed" like an error: take the fresh fallback, never the old report that follows it`,
						"the SendMessage call continuing %s has no path for a continuation that was not resumed", dpWho(df, b))
					return
				}
			}
		},
	},
}
