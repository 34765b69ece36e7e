package rules

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
)

// dpCurrentDialect returns the first place (path:line) where a plugin uses
// the dialect of Claude Code 2.1.77 and later: an Agent or SendMessage
// block. "" when it uses only Task blocks (or none).
func dpCurrentDialect(files []*dpFile) string {
	for _, df := range files {
		for _, b := range df.Blocks {
			if b.Tool == "Agent" || b.Tool == "SendMessage" {
				return fmt.Sprintf("%s:%d", df.File.Path, b.Line)
			}
		}
	}
	return ""
}

var dispatchDialectRules = []lint.Rule{
	{
		ID: "DP015", Alias: "resume-in-agent-dialect", Family: famDispatch, Severity: lint.Error,
		Title: "resume: parameter in a plugin that uses the Agent/SendMessage dialect",
		Doc: doc(`Claude Code 2.1.63 renamed the Task tool to Agent and 2.1.77 removed its resume
parameter: a spawned agent is continued with SendMessage({to: agentId, message}). A plugin that
writes Agent or SendMessage calls targets those releases, so any resume: it also passes fails
there. One plugin speaks one dialect.`,
			"Agent tool call:\n  resume: {agent_id}\n  prompt: |\n    ...",
			"SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ..."),
		Check: func(pass *lint.Pass) {
			files := dpFiles(pass.Plugin)
			where := dpCurrentDialect(files)
			if where == "" {
				return
			}
			for _, df := range files {
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
		ID: "DP017", Alias: "task-resume-removed", Family: famDispatch, Severity: lint.Error,
		Title: "resume: on a Task call in a plugin that targets current Claude Code",
		Doc: doc(`Claude Code 2.1.77 removed the resume parameter (and 2.1.63 renamed Task to Agent):
on current releases "Task ... resume:" fails every time, and the review loop falls back to a
fresh dispatch on every iteration or stops. Continue a spawned agent with SendMessage({to:
agentId, message}). A plugin built for Claude Code 2.0.28–2.1.76 on purpose is named in the
option legacy_plugins (its plugin.json name, or its directory name). Plugins that mix in Agent
or SendMessage calls are reported by resume-in-agent-dialect instead.`,
			"Task tool call:\n  resume: {agent_id}\n  prompt: |\n    ...",
			"SendMessage tool call:\n  to: {agent_id}\n  message: |\n    ..."),
		Options: []lint.Option{{Name: "legacy_plugins", Default: []string{},
			Doc: "names of plugins that target Claude Code before 2.1.77 on purpose (Task tool with resume)"}},
		Check: func(pass *lint.Pass) {
			files := dpFiles(pass.Plugin)
			if dpCurrentDialect(files) != "" {
				return
			}
			name := pass.Plugin.Components().Plugin
			for _, l := range pass.Strings("legacy_plugins") {
				if strings.TrimSpace(l) == name {
					return
				}
			}
			for _, df := range files {
				for _, b := range df.Blocks {
					if p, ok := b.Param("resume"); ok && b.Tool == "Task" {
						pass.Reportf(df.File.Line(p.Line), "continue the agent with SendMessage (to: its agent id, message: the prompt), or add the plugin to legacy_plugins if it targets Claude Code before 2.1.77",
							"the Task tool call passes resume:, which Claude Code removed in 2.1.77")
					}
				}
			}
		},
	},
}
