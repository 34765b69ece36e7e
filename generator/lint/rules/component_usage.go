package rules

import (
	"bytes"
	"path"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// componentUsageRules find components Claude Code would load but not use as
// written: ignored keys, empty bodies, unreachable or misnamed components.
func componentUsageRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "CP006", Alias: "plugin-agent-ignored-key", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindAgent),
			Title: "agent key that Claude Code ignores for plugin agents",
			Doc: lint.Doc{Why: `For security, Claude Code ignores permissionMode, mcpServers and hooks in the
frontmatter of agents that come from a plugin; they only work in the user's own agents.
Keeping them suggests a guard or server that is not there.`,
				Bad:         "---\nname: fixer\npermissionMode: acceptEdits\n---",
				Good:        "---\nname: fixer\n---",
				Checked:     "2.1.328",
				Consequence: "The key has no effect on a plugin agent; a likely mistake."},
			Check: func(pass *lint.Pass) {
				for _, key := range []string{"permissionMode", "mcpServers", "hooks"} {
					if k, _ := pass.File.Frontmatter().Get(key); k != nil {
						pass.Reportf(nodeLoc(pass.File, k), "remove the key; declare hooks and MCP servers at the plugin level",
							"%s sets %q, which Claude Code ignores for plugin agents", pass.Name(pass.File), key)
					}
				}
			},
		},
		{
			ID: "CP007", Alias: "agent-allowed-tools", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindAgent),
			Title: "agent using allowed-tools instead of tools",
			Doc: lint.Doc{Why: `Agents restrict their tools with tools (and disallowedTools); allowed-tools is
the command and skill key. On an agent it restricts nothing: the agent inherits every tool.`,
				Bad:         "---\nname: reviewer\nallowed-tools: Read, Grep\n---",
				Good:        "---\nname: reviewer\ntools: Read, Grep\n---",
				Checked:     "2.1.328",
				Consequence: "The key is not the agent's tool list, so the agent does not get the restriction the author meant; a likely mistake."},
			Check: func(pass *lint.Pass) {
				if k, _ := pass.File.Frontmatter().Get("allowed-tools"); k != nil {
					pass.Reportf(nodeLoc(pass.File, k), "rename the key to tools",
						"%s uses allowed-tools; agents restrict tools with tools", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "CP008", Alias: "body-empty", Family: famComponent, Severity: lint.Warning, Kinds: componentKinds,
			Title: "command, agent or skill with no body",
			Doc: lint.Doc{Why: `The body is the prompt: a command's instructions, an agent's system prompt, a
skill's instructions. Without it the component does nothing useful.`,
				Bad:         "---\nname: reviewer\ndescription: Reviews diffs\n---\n",
				Good:        "---\nname: reviewer\ndescription: Reviews diffs\n---\nYou review diffs for bugs...",
				Checked:     "2.1.328",
				Consequence: "The component loads with nothing to say; a likely mistake."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				fm := f.Frontmatter()
				if !fm.Present || !f.Readable() {
					return
				}
				if len(bytes.TrimSpace(f.Data[fm.BodyOffset:])) == 0 {
					pass.Reportf(f.Line(fm.CloseLine), "write the prompt below the frontmatter",
						"%s has no body", pass.Name(f))
				}
			},
		},
		{
			ID: "CP009", Alias: "skill-unreachable", Family: famComponent, Severity: lint.Error, Kinds: kinds(snapshot.KindCommand, snapshot.KindSkill),
			Title: "command or skill that neither the user nor Claude can invoke",
			Doc: lint.Doc{Why: `disable-model-invocation: true hides it from Claude, user-invocable: false hides it
from the / menu. With both, nothing can ever run it. This rule reports such a component when
another command, agent or skill names it in a step (facts.NamedInSteps): the plugin relies on
what can never run. One that only an index, a See also list or the docs name is dead but
harmless: skill-unreachable-unused reports it as a warning.`,
				Bad:         "---\ndisable-model-invocation: true\nuser-invocable: false\n---",
				Good:        "---\ndisable-model-invocation: true\n---",
				Checked:     "2.1.328",
				Consequence: "Nothing can ever invoke the component, while another component tells the model to use it: that step fails. One nothing names is skill-unreachable-unused's (a warning)."},
			Requires: []lint.Analyzer{facts.Frontmatter},
			Check: func(pass *lint.Pass) {
				if unreachable(pass) && relied(pass) {
					pass.Reportf(fmKeyLoc(pass.File, "user-invocable"), "drop one of the two settings",
						"%s can be invoked neither by Claude nor by the user", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "CP010", Alias: "agent-without-fork", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindCommand, snapshot.KindSkill),
			Title: "agent key on a command or skill that does not run in a forked context",
			Doc: lint.Doc{Why: `agent picks the subagent type that runs a command or skill with context: fork.
Without context: fork the command runs inline and agent is ignored.`,
				Bad:         "---\nagent: reviewer\n---",
				Good:        "---\ncontext: fork\nagent: reviewer\n---",
				Checked:     "2.1.328",
				Consequence: "The key has no effect without context: fork; a likely mistake."},
			Check: func(pass *lint.Pass) {
				k, _ := pass.File.Frontmatter().Get("agent")
				if ctx, _ := pass.File.Frontmatter().String("context"); k != nil && ctx != "fork" {
					pass.Reportf(nodeLoc(pass.File, k), "add context: fork, or remove agent",
						"%s sets agent without context: fork; the agent is ignored", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "CP011", Alias: "arguments-without-hint", Family: famComponent, Severity: lint.Info, Kinds: kinds(snapshot.KindCommand, snapshot.KindSkill),
			Title: "command that reads $ARGUMENTS but shows no argument-hint",
			Doc: lint.Doc{Why: `A command whose body uses $ARGUMENTS (or $1…$9) takes arguments; argument-hint
tells the user what to type in the / menu.`,
				Bad:         "---\ndescription: Fix an issue\n---\nFix issue $ARGUMENTS.",
				Good:        "---\ndescription: Fix an issue\nargument-hint: \"<issue-number>\"\n---\nFix issue $ARGUMENTS.",
				Checked:     "2.1.328",
				Consequence: "The user gets no hint of the argument; style."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				fm := f.Frontmatter()
				if !fm.Mapping() {
					return
				}
				if k, _ := fm.Get("argument-hint"); k != nil {
					return
				}
				for _, loc := range argumentsRE.FindAllIndex(f.Data[fm.BodyOffset:], -1) {
					s, e := fm.BodyOffset+loc[0], fm.BodyOffset+loc[1]
					if string(f.Data[s:e]) != "$ARGUMENTS" && f.Markdown().InCode(s) {
						continue // $1 in a shell snippet is the snippet's own
					}
					pass.Reportf(f.At(s), "add argument-hint to the frontmatter",
						"%s uses %s but has no argument-hint", pass.Name(f), string(f.Data[s:e]))
					return
				}
			},
		},
		{
			ID: "CP012", Alias: "skill-name-mismatch", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindSkill),
			Title: "skill whose name differs from its directory",
			Doc: lint.Doc{Why: `Claude Code 2.1.330 registers a plugin skill under its directory and resolves its
frontmatter name too, as an alias (its system/init listing and a run of both names show it;
snapshot.Components says how): "skills/pdf-tools/SKILL.md" with "name: pdf" is
"/<plugin>:pdf-tools", shown to the model as "<plugin>:pdf-tools (<plugin>:pdf)". The Agent
Skills standard requires the two to match, so other tools that follow it, and readers, go by
one name where Claude Code lists two.`,
				Bad:         "skills/pdf-tools/SKILL.md:\n---\nname: pdf\n---",
				Good:        "skills/pdf/SKILL.md:\n---\nname: pdf\n---",
				Fix:         "sets name to the directory's name, as the Agent Skills standard wants; the old name then stops resolving, and XR003 reports any reference still using it.",
				Checked:     "2.1.330",
				Consequence: "The skill loads under its directory name and answers to both; tools that follow the Agent Skills standard see a skill that breaks it. A likely mistake."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				n, ok := f.Frontmatter().String("name")
				dir := path.Base(f.Dir())
				// A skills folder that is itself the skill goes by its
				// frontmatter name alone: nothing to mismatch.
				if !ok || f.Dir() == "." || n == dir || pass.Plugin.Components().NameOf(f) != dir {
					return
				}
				_, v := f.Frontmatter().Get("name")
				reportWith(pass, scalarFix(f, v, dir), fmKeyLoc(f, "name"), "rename the directory or the name so they match",
					"skill directory %q has name %q: Claude Code registers it as %q and also answers to %q",
					dir, n, pass.Plugin.Components().NameOf(f), n)
			},
		},
	}
}

var argumentsRE = lazyre.New(`\$(ARGUMENTS|[1-9])\b`)
