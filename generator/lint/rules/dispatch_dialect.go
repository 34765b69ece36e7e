package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// dispatchDialectRules check that a plugin's dispatch blocks use the tools
// of the Claude Code releases its dialect targets.
func dispatchDialectRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DP015", Alias: "resume-in-agent-dialect", Family: famDispatch, Severity: lint.Error, Scope: lint.Loaded,
			Title: "resume: parameter in a plugin that uses the Agent/SendMessage dialect",
			Doc: lint.Doc{Why: `Claude Code 2.1.63 renamed the Task tool to Agent and 2.1.77 removed its resume
parameter: a spawned agent is continued with SendMessage({to: agentId, message}). A plugin that
writes Agent or SendMessage calls targets those releases, so any resume: it also passes fails
there. One plugin speaks one dialect: for a variant plugforge built it is the dialect the
build recorded in .plugforge-manifest.json, otherwise the one its first Agent or SendMessage
block shows.

Scope: this is Claude Code's own tool contract, not a plugforge convention, so it looks at
every file Claude Code loads, whoever wrote it.`,
				Bad:         "Agent tool call:\n  resume: {agent_id}\n  prompt: |\n    ...",
				Good:        "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ...",
				Checked:     "2.1.328",
				Consequence: "The call fails every time on the releases the plugin targets: resume was removed in 2.1.77."},
			Requires: []lint.Analyzer{facts.Dialect, facts.PluginDispatches},
			Check: func(pass *lint.Pass) {
				d := facts.Dialect.Of(pass)
				if !d.Current {
					return
				}
				where := d.Where
				for _, df := range facts.PluginDispatches.Of(pass) {
					if !pass.InScope(df.File) {
						continue
					}
					for _, b := range df.Blocks {
						if p, ok := b.Param("resume"); ok {
							pass.Reportf(df.File.Line(p.Line), "continue the agent with SendMessage (to: its agent id, message: the prompt)",
								"the %s tool call passes resume:, which Claude Code removed in 2.1.77; this plugin uses the Agent/SendMessage dialect (%s)", b.Tool, where)
						}
					}
				}
			},
		},
		{
			ID: "DP017", Alias: "task-resume-removed", Family: famDispatch, Severity: lint.Error, Scope: lint.Loaded,
			Title: "resume: on a Task call in a plugin that targets current Claude Code",
			Doc: lint.Doc{Why: `Claude Code 2.1.77 removed the resume parameter (and 2.1.63 renamed Task to Agent):
on 2.1.330 a "Task ... resume:" call is taken as an Agent call and resume is dropped: it
starts a new agent that has never seen the earlier rounds, every time, so the review loop
never continues its reviewer. Continue a spawned agent with SendMessage({to:
agentId, message}). A variant plugforge built in the task-resume dialect targets Claude Code
2.0.28–2.1.76 on purpose, as its .plugforge-manifest.json records, and is not reported; for
another plugin that does, disable the rule in .plugforge.yaml. Plugins that mix in Agent or
SendMessage calls are reported by resume-in-agent-dialect instead.

Scope: this is Claude Code's own tool contract, not a plugforge convention, so it looks at
every file Claude Code loads, whoever wrote it.`,
				Bad:         "Task tool call:\n  resume: {agent_id}\n  prompt: |\n    ...",
				Good:        "SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ...",
				Checked:     "2.1.330",
				Consequence: "The agent is never continued on current Claude Code: resume was removed in 2.1.77, and each call starts a new agent."},
			Requires: []lint.Analyzer{facts.Dialect, facts.PluginDispatches},
			Check: func(pass *lint.Pass) {
				if d := facts.Dialect.Of(pass); d.Current || d.Recorded {
					return
				}
				for _, df := range facts.PluginDispatches.Of(pass) {
					if !pass.InScope(df.File) {
						continue
					}
					for _, b := range df.Blocks {
						if p, ok := b.Param("resume"); ok && b.Tool == "Task" {
							pass.Reportf(df.File.Line(p.Line), "continue the agent with SendMessage (to: its agent id, message: the prompt), or, if the plugin targets Claude Code before 2.1.77 on purpose, build it in plugforge's task-resume dialect or disable this rule for it",
								"the Task tool call passes resume:, which Claude Code removed in 2.1.77")
						}
					}
				}
			},
		},
	}
}
