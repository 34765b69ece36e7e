package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

var xrefRules = []lint.Rule{
	{
		ID: "XR001", Alias: "subagent-type-unknown", Family: famXRef, Severity: lint.Error, Kinds: markdownKinds,
		Title: "subagent_type naming an agent the plugin does not ship",
		Doc: doc(`A dispatch with subagent_type "my-plugin:reviewr" (or an unqualified name that is
neither a built-in type nor one of the plugin's agents) fails when the model makes the call.
Plugin agents are named "<plugin>:<agent name>".`,
			"subagent_type: my-plugin:reviewr", "subagent_type: my-plugin:reviewer"),
		Requires: []lint.Analyzer{facts.SubagentRefs},
		Check: func(pass *lint.Pass) {
			c := pass.Plugin.Components()
			for _, r := range facts.SubagentRefs.Of(pass, pass.File) {
				switch {
				case r.Prefix == c.Plugin && c.Agent(r.Name) == nil:
					pass.Reportf(pass.File.At(r.Off), "fix the name or add the agent",
						"subagent_type %q names no agent of plugin %q", r.Prefix+":"+r.Name, c.Plugin)
				case r.Prefix == "" && !builtinAgents[r.Name] && c.Agent(r.Name) == nil:
					pass.Reportf(pass.File.At(r.Off), "name a built-in type or an agent as <plugin>:<agent>",
						"subagent_type %q is neither a built-in agent type nor an agent of plugin %q", r.Name, c.Plugin)
				}
			}
		},
	},
	{
		ID: "XR002", Alias: "subagent-type-unprefixed", Family: famXRef, Severity: lint.Error, Kinds: markdownKinds,
		Title: "subagent_type naming a plugin agent without the plugin prefix",
		Doc: doc(`Plugin agents are registered as "<plugin>:<agent>"; "reviewer" alone does not
resolve to the plugin's reviewer agent.`, "subagent_type: reviewer", "subagent_type: my-plugin:reviewer"),
		Requires: []lint.Analyzer{facts.SubagentRefs},
		Check: func(pass *lint.Pass) {
			c := pass.Plugin.Components()
			for _, r := range facts.SubagentRefs.Of(pass, pass.File) {
				if r.Prefix == "" && !builtinAgents[r.Name] && c.Agent(r.Name) != nil {
					pass.Reportf(pass.File.At(r.Off), "write "+c.Plugin+":"+r.Name,
						"subagent_type %q lacks the plugin prefix %q", r.Name, c.Plugin+":")
				}
			}
		},
	},
	{
		ID: "XR003", Alias: "component-reference-unknown", Family: famXRef, Severity: lint.Error, Kinds: markdownKinds,
		Title: `"<plugin>:<name>" or "/<plugin>:<name>" naming nothing the plugin ships`,
		Doc: doc(`Prose and prompts name this plugin's commands, skills and agents as
"/my-plugin:review" or "my-plugin:reviewer". When the name matches none of them — a rename, a
typo — the model is sent looking for something that does not exist.`,
			"Then run /my-plugin:reveiw.", "Then run /my-plugin:review."),
		Requires: []lint.Analyzer{facts.QualifiedRefs},
		Check: func(pass *lint.Pass) {
			c := pass.Plugin.Components()
			for _, r := range facts.QualifiedRefs.Of(pass, pass.File) {
				if r.Prefix == c.Plugin && !componentExists(c, r.Name) {
					pass.Reportf(pass.File.At(r.Off), "fix the name or add the component",
						"%q names no command, skill or agent of plugin %q", r.Prefix+":"+r.Name, c.Plugin)
				}
			}
		},
	},
	{
		ID: "XR004", Alias: "reference-prefix-mismatch", Family: famXRef, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "reference qualified with a variant of the plugin's name",
		Doc: doc(`A plugin built in variants (my-plugin, my-plugin-dev) must qualify its own
components with its own name. "my-plugin:reviewer" inside my-plugin-dev reaches the other
variant's agent (or nothing, when only one is installed).`,
			"plugin my-plugin-dev:  subagent_type: my-plugin:reviewer", "plugin my-plugin-dev:  subagent_type: my-plugin-dev:reviewer"),
		Requires: []lint.Analyzer{facts.QualifiedRefs, facts.SubagentRefs},
		Check: func(pass *lint.Pass) {
			c := pass.Plugin.Components()
			for _, r := range append(facts.SubagentRefs.Of(pass, pass.File), facts.QualifiedRefs.Of(pass, pass.File)...) {
				if similarPrefix(r.Prefix, c.Plugin) && componentExists(c, r.Name) {
					pass.Reportf(pass.File.At(r.Off), "write "+c.Plugin+":"+r.Name,
						"%q uses prefix %q but this plugin is %q", r.Prefix+":"+r.Name, r.Prefix, c.Plugin)
				}
			}
		},
	},
}
