package rules

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
)

// componentFieldRules check the values of command, agent and skill
// frontmatter fields: description, name, model and tools.
func componentFieldRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "CP001", Alias: "description-missing", Family: famComponent, Severity: lint.Warning, Kinds: componentKinds,
			Title: "command, agent or skill without a description",
			Doc: lint.Doc{Why: `The description is how Claude decides when to use a skill or delegate to an agent,
and what the / menu shows for a command. Without one, agents are hard to pick, and a command or
skill (without a when_to_use) is not offered to the model at all in 2.1.330: the skill list of
the model's first request leaves it out, though /name still runs it (docs/cli-names.md; FM004's
run witness FM004-offered shows the same for descriptions lost to YAML). "claude plugin
validate" warns.`,
				Bad:         "---\nname: reviewer\n---",
				Good:        "---\nname: reviewer\ndescription: Reviews diffs for bugs. Use after every change.\n---",
				Checked:     "2.1.328",
				Consequence: "A command or skill is not offered to the model at all (2.1.330), only typed as /name; an agent is hard to pick. A likely mistake (the validator warns too)."},
			Requires: []lint.Analyzer{facts.Frontmatter},
			Check: func(pass *lint.Pass) {
				fm := pass.File.Frontmatter()
				if !fm.Mapping() && !(fm.Present && fm.Root == nil && fm.Err == nil) {
					return // no usable frontmatter: the frontmatter family reports it
				}
				v := facts.Frontmatter.Of(pass, pass.File).Value("description")
				_, n := fm.Get("description")
				if s, ok := v.(string); ok && strings.TrimSpace(s) != "" || v != nil && !isString(v) {
					return
				}
				then := ""
				_, when := fm.Get("when_to_use")
				if k := pass.File.Kind; (k == snapshot.KindSkill || k == snapshot.KindCommand) && when == nil &&
					!facts.Frontmatter.Of(pass, pass.File).IsTrue("disable-model-invocation") {
					then = "; Claude Code does not offer the " + k.String() + " to the model"
				}
				if n == nil {
					pass.Reportf(pass.File.Line(fm.OpenLine), "add a description saying what it does and when to use it",
						"%s has no description%s", pass.Name(pass.File), then)
					return
				}
				pass.Reportf(nodeLoc(pass.File, n), "write a description saying what it does and when to use it",
					"%s has an empty description%s", pass.Name(pass.File), then)
			},
		},
		{
			ID: "CP002", Alias: "agent-name-missing", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindAgent),
			Title: "agent without a name",
			Doc: lint.Doc{Why: `Claude Code's documentation lists name as required for subagents; without it the
agent is named after its file, so renaming the file silently renames the agent and breaks
every subagent_type that names it.`,
				Bad:         "---\ndescription: Reviews diffs\n---",
				Good:        "---\nname: reviewer\ndescription: Reviews diffs\n---",
				Fix:         "adds name: with the file's name without .md, the name Claude Code already uses, when that is kebab-case.",
				Checked:     "2.1.328",
				Consequence: "The agent is named after its file; a likely oversight."},
			Check: func(pass *lint.Pass) {
				if fm := pass.File.Frontmatter(); fm.Mapping() {
					if k, _ := fm.Get("name"); k == nil {
						reportWith(pass, addNameFix(pass.File), pass.File.Line(fm.OpenLine), "add name: with the agent's kebab-case name",
							"agent file %q has no name", pass.File.Path)
					}
				}
			},
		},
		{
			ID: "CP003", Alias: "name-format", Family: famComponent, Severity: lint.Warning, Kinds: componentKinds,
			Title: "component name that is not lower-case kebab-case of at most 64 characters",
			Doc: lint.Doc{Why: `Agent, skill and command names are typed by users and models ("/plugin:name",
subagent_type), and the Agent Skills standard allows only a-z, 0-9 and single hyphens, at most
64 characters. Claude Code accepts other names but they are easy to get wrong. A command is
registered under its file's path (its frontmatter name only adds an alias, in 2.1.330), so the
rule checks the last segment of that path name.`,
				Bad:         "---\nname: Code Reviewer\n---",
				Good:        "---\nname: code-reviewer\n---",
				Checked:     "2.1.328",
				Consequence: "Claude Code accepts the name, but the Agent Skills standard and the marketplace sync do not; a likely mistake."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				name := pass.Plugin.Components().NameOf(f)
				var at snapshot.Loc
				switch f.Kind {
				case snapshot.KindCommand:
					at = f.Whole()
					if i := strings.LastIndexByte(name, ':'); i >= 0 {
						name = name[i+1:]
					}
				default:
					k, v := f.Frontmatter().Get("name")
					if v == nil || v.Kind != yaml.ScalarNode {
						if f.Kind == snapshot.KindAgent {
							return
						}
						at = f.Whole()
					} else {
						name, at = v.Value, nodeLoc(f, k)
					}
				}
				if name == "" || kebab.MatchString(name) && len(name) <= 64 {
					return
				}
				pass.Reportf(at, "rename it with a-z, 0-9 and single hyphens, at most 64 characters",
					"%s name %q is not lower-case kebab-case of at most 64 characters", f.Kind.Noun(), name)
			},
		},
		{
			ID: "CP004", Alias: "model-unknown", Family: famComponent, Severity: lint.Error, Kinds: componentKinds,
			Title: "model that Claude Code does not know",
			Doc: lint.Doc{Why: `model must be an alias or a full Claude model id. 2.1.330's model check accepts the
aliases sonnet, opus, haiku, fable, best and opusplan (any of them with a "[1m]" suffix, in any
case), inherit, default, and ids such as claude-sonnet-4-5 or us.anthropic.claude-…. Another
value makes the agent or command fail when it runs, not when the plugin loads, and
"claude plugin validate" does not check it.`,
				Bad:         "---\nname: reviewer\nmodel: gpt-4\n---",
				Good:        "---\nname: reviewer\nmodel: sonnet\n---",
				Consequence: "The component fails when it runs: the model name resolves to no model.",
				Checked:     "2.1.330"},
			Check: func(pass *lint.Pass) {
				_, v := pass.File.Frontmatter().Get("model")
				if v == nil || v.Kind != yaml.ScalarNode || v.Tag == "!!null" || model.IsAgentModel(v.Value) {
					return
				}
				pass.Reportf(nodeLoc(pass.File, v), "use an alias (sonnet, opus, haiku, fable, inherit, …) or a full claude-… model id",
					"%s names unknown model %q", pass.Name(pass.File), v.Value)
			},
		},
		{
			ID: "CP005", Alias: "tool-unknown", Family: famComponent, Severity: lint.Warning, Kinds: componentKinds,
			Title: "tool list naming a tool that does not exist, or a malformed permission rule",
			Doc: lint.Doc{Why: `tools, allowed-tools and disallowedTools name Claude Code tools (Read, Bash, …),
MCP tools (mcp__server__tool) or permission rules (Bash(git diff:*)). A misspelt tool is
silently never granted; an unbalanced rule such as "Bash(:*" matches nothing.`,
				Bad:         "---\nname: reviewer\ntools: Read, Grepp, Bash(git diff:*\n---",
				Good:        "---\nname: reviewer\ntools: Read, Grep, Bash(git diff:*)\n---",
				Checked:     "2.1.328",
				Consequence: "The entry matches no tool, so the tool meant is not granted; a likely typo."},
			Options: []lint.Option{{Name: "extra-tools", Default: []string{}, Doc: "more tool names to accept"}},
			Check: func(pass *lint.Pass) {
				extra := pass.Strings("extra-tools")
				for _, key := range []string{"tools", "allowed-tools", "disallowedTools", "disallowed-tools"} {
					_, v := pass.File.Frontmatter().Get(key)
					items, nodes := facts.ScalarList(v)
					for i, t := range items {
						if msg := toolProblem(t, extra); msg != "" {
							pass.Reportf(nodeLoc(pass.File, nodes[i]), "use a tool name Claude Code lists, with balanced parentheses",
								"%s of %s: %s", key, pass.Name(pass.File), msg)
						}
					}
				}
			},
		},
		{
			ID: "CP013", Alias: "agent-color-unknown", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindAgent),
			Title: "agent color outside the eight Claude Code documents",
			Doc: lint.Doc{Why: `An agent's color tints its name in the transcript. The sub-agents page documents red,
blue, green, yellow, purple, orange, pink and cyan, and the 2.1.330 binary maps exactly those
eight to terminal colours; any other value ("magenta", "#ff00ff") is not an error there:
"claude plugin validate" accepts it and the agent loads, shown in the default colour. So the
schema check (agent-frontmatter-schema) leaves color to this rule.`,
				Bad:         "---\nname: reviewer\ncolor: magenta\n---",
				Good:        "---\nname: reviewer\ncolor: purple\n---",
				Checked:     "2.1.330",
				Consequence: "The agent loads and is shown in the default colour: cosmetic, so a warning, not an error."},
			Check: outOfSet("color", agentColors, "use red, blue, green, yellow, purple, orange, pink or cyan",
				"agent color %q is not one Claude Code shows; the agent gets the default colour"),
		},
		{
			ID: "CP014", Alias: "agent-memory-unknown", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindAgent),
			Title: "agent memory outside user, project and local",
			Doc: lint.Doc{Why: `An agent's memory names where its memory files load from: user, project or local.
2.1.330 drops any other value ("none", "session") with a debug-log line only ("invalid memory
value") and loads the agent without memory, which is what "none" asks for in effect; its
validator accepts the file. So the schema check (agent-frontmatter-schema) leaves memory to this
rule: to have no memory, leave the key out.`,
				Bad:         "---\nname: reviewer\nmemory: none\n---",
				Good:        "---\nname: reviewer\nmemory: project\n---",
				Checked:     "2.1.330",
				Consequence: "The agent loads without memory and the value is ignored: cosmetic, so a warning, not an error."},
			Check: outOfSet("memory", agentMemories, "use user, project or local, or leave the key out for no memory",
				"agent memory %q is not user, project or local; Claude Code ignores it"),
		},
	}
}

// agentMemories are the memory scopes 2.1.330 reads (its list S5n).
var agentMemories = map[string]bool{"user": true, "project": true, "local": true}

// agentColors are the agent colours Claude Code documents and maps
// (2.1.330: red, blue, green, yellow, purple, orange, pink, cyan).
var agentColors = map[string]bool{"red": true, "blue": true, "green": true, "yellow": true,
	"purple": true, "orange": true, "pink": true, "cyan": true}

var kebab = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func isString(v any) bool { _, ok := v.(string); return ok }

// toolProblem explains what is wrong with one tools entry, or returns "".
func toolProblem(t string, extra []string) string {
	if t == "*" {
		return ""
	}
	base := t
	if i := strings.IndexByte(t, '('); i > 0 {
		base = t[:i]
	}
	for _, x := range extra {
		if base == x {
			return ""
		}
	}
	open, close := strings.Count(t, "("), strings.Count(t, ")")
	if open != close || open > 0 && !strings.HasSuffix(t, ")") {
		return fmt.Sprintf("%q is not a well-formed permission rule", t)
	}
	if !model.IsToolName(t) {
		return fmt.Sprintf("%q is not a Claude Code tool", t)
	}
	return ""
}

// outOfSet reports a scalar frontmatter key whose value is outside the set
// Claude Code knows: the keys whose other values it tolerates (the value is
// dropped or shown in a default), so the schema rule leaves them to a warning.
func outOfSet(key string, set map[string]bool, hint, format string) func(*lint.Pass) {
	return func(pass *lint.Pass) {
		_, v := pass.File.Frontmatter().Get(key)
		if v == nil || v.Kind != yaml.ScalarNode || set[v.Value] {
			return
		}
		pass.Reportf(nodeLoc(pass.File, v), hint, format, v.Value)
	}
}
