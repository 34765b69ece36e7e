package rules

import (
	"fmt"
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

// dpSaysNotResumed reports whether a file handles SendMessage's "Agent was
// not resumed" result, a success result that delivered nothing. lower is
// the file's text lower-cased (facts.LowerText).
func dpSaysNotResumed(lower string) bool {
	return strings.Contains(lower, "not resumed")
}

// dpFirstContinuation finds where a file continues a subagent with
// SendMessage, in any written form (facts.DispatchSites), not counting
// messages between agent-team members or other frameworks' code: the first
// call, block, list or tag, else the first sentence (a call is the more
// concrete place to state the protocol beside).
func dpFirstContinuation(sites []facts.Site) (facts.Site, bool) {
	var prose *facts.Site
	for i, s := range sites {
		if s.Tool != "SendMessage" || s.Kind != facts.Continue || s.Sample {
			continue
		}
		if s.Form != facts.FormProse {
			return s, true
		}
		if prose == nil {
			prose = &sites[i]
		}
	}
	if prose != nil {
		return *prose, true
	}
	return facts.Site{}, false
}

// dpFormNoun names a site's form in a message: a call for blocks, lists,
// calls and tags, an instruction for prose.
func dpFormNoun(s facts.Site) string {
	if s.Form == facts.FormProse {
		return "instruction"
	}
	return "call"
}

// dpSiteWho names the agent a site starts or continues: the role of a
// dispatch block, the literal subagent_type or target of another form.
func dpSiteWho(df *facts.DispatchFile, s facts.Site) string {
	if s.Block != nil {
		return dpWho(df, s.Block)
	}
	for _, n := range []facts.Name{s.Agent, s.Target} {
		if n.Kind == facts.NameLiteral {
			return fmt.Sprintf("%q", n.Name)
		}
	}
	return "the subagent"
}

// dispatchProtocolRules check that a command or skill says how a
// subagent's result reaches it, and handles a continuation that was not
// resumed.
func dispatchProtocolRules() []lint.Rule {
	return []lint.Rule{
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
leads the model to read the acknowledgement as the answer or to stall. Saying it in any words
counts (facts.ResultArrival: "the report arrives later as a <task-notification>", "completion
notifications arrive automatically", "its verdict comes back on a later turn"); saying the reply
is in the tool result does not, since that is the misreading. Say how the result
arrives: match the notification to the dispatch by its agent id and end the turn to wait.
Reported once per file, at the first such call.

A continuation counts in any written form facts.DispatchSites recognises: a "SendMessage tool
call:" block, a fenced or listed "SendMessage:" with its keys, SendMessage(to=<agentId>, …) call
syntax, or a sentence ("continue it with SendMessage to the same agent id"). A SendMessage between
the members of an agent team (a report to the lead, a note to a teammate, a shutdown request) is
not a continuation and is not reported.

Scope: this is how Claude Code delivers subagent results, not a plugforge convention, so it
looks at every file Claude Code loads, whoever wrote it.`,
				Bad:         "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    Review the delta.\n\nParse the JSON reply.",
				Good:        "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    Review the delta.\n\nThe report arrives as a <task-notification> for that agent id:\nend your turn to wait for it, then parse its JSON.",
				Checked:     "2.1.332",
				Consequence: "The model may read an acknowledgement as the answer or stall; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches, facts.DispatchSites, facts.ResultArrival},
			Check: func(pass *lint.Pass) {
				// Asked last, and only of a file that continues or relies on a
				// foreground run: ResultArrival reads every line with regular
				// expressions, which on every loaded file tripled a lint's CPU.
				aware := func() bool { return facts.ResultArrival.Of(pass, pass.File) > 0 }
				df := facts.Dispatches.Of(pass, pass.File)
				sites := facts.DispatchSites.Of(pass, pass.File)
				if s, ok := dpFirstContinuation(sites); ok {
					if aware() {
						return // the file says how the result arrives
					}
					pass.Reportf(pass.File.Line(s.Line), "say that the report arrives later as a <task-notification> for the agent id, and that the model ends its turn to wait for it",
						"the SendMessage %s continues %s, but the file never says how its report arrives", dpFormNoun(s), dpSiteWho(df, s))
					return
				}
				for _, s := range sites {
					if p, ok := s.Param("run_in_background"); ok && s.Tool == "Agent" && s.Kind == facts.Spawn && !s.Sample &&
						strings.EqualFold(facts.Unquote(strings.Trim(p.Value, "`")), "false") {
						if aware() {
							return
						}
						pass.Reportf(pass.File.Line(p.Line), "pass run_in_background only where the Agent tool offers it, and say how a background result arrives (a <task-notification> for the agent id)",
							"the Agent call for %s relies on run_in_background: false, which interactive sessions do not offer, and the file never says how a background result arrives", dpSiteWho(df, s))
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
report that follows it. Reported once per file, at the first SendMessage continuation, in any
written form (see DP019); messages between agent-team members are not continuations.

Scope: this is how Claude Code's SendMessage reports failure, not a plugforge convention, so
it looks at every file Claude Code loads, whoever wrote it.`,
				Bad:         "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ...\n\nIf SendMessage returns an error, dispatch fresh.",
				Good:        "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ...\n\nIf it returns an error or says the agent was not resumed (never take\nthe old report that follows), dispatch fresh.",
				Checked:     "2.1.330",
				Consequence: "An old report may be taken for the new verdict; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches, facts.DispatchSites, facts.LowerText},
			Check: func(pass *lint.Pass) {
				if dpSaysNotResumed(facts.LowerText.Of(pass, pass.File)) {
					return
				}
				df := facts.Dispatches.Of(pass, pass.File)
				if s, ok := dpFirstContinuation(facts.DispatchSites.Of(pass, pass.File)); ok {
					pass.Reportf(pass.File.Line(s.Line), `treat "Agent was not resumed" like an error: take the fresh fallback, never the old report that follows it`,
						"the SendMessage %s continuing %s has no path for a continuation that was not resumed", dpFormNoun(s), dpSiteWho(df, s))
				}
			},
		},
	}
}
