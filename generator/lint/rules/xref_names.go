package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// xrefNameRules check the names one component uses for another: subagent
// types, "<plugin>:<name>" references and skills.
func xrefNameRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "XR001", Alias: "subagent-type-unknown", Family: famXRef, Severity: lint.Error, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "subagent_type naming an agent the plugin does not ship",
			Doc: lint.Doc{Why: `A dispatch with subagent_type "my-plugin:reviewr" (or an unqualified name that is
neither a built-in type nor one of the plugin's agents) fails when the model makes the call.
Plugin agents are named "<plugin>:<agent name>". A subagent_type in a fenced block of a
programming language (python, ts, go, …) is skipped unless it sits in a Task(…) or Agent(…)
call: such blocks are samples of other frameworks (agent SDKs, orchestration libraries)
whose own agent names are not this plugin's. Prose, inline code, bare/text/yaml/json
fences, Task(…)/Agent(…) calls, <Task …/> tags and key lists are dispatch sites
(facts.DispatchSites) and are checked. Only a literal name is checked (facts.NameKindOf,
refined by facts.NameOf): a placeholder ("...", "my-plugin:<name>", "agent-name"), a variable
or expression of program-like text ("subagent_type: agentType", "agents[type]") and a made-up
illustration ("agent-a", "analyzer-1") stand for a name. A reference document (not a command,
agent or SKILL.md) whose dispatches illustrate and name none of the plugin's agents is
teaching a pattern, and its names ("validator") are illustrations too. An unqualified name the
text makes optional ("if the x agent is not available, do it yourself") is not reported: the
step has a fallback (facts.OptionalAt). A name with a double colon ("other-plugin::agent")
is reported whichever plugin it names: no agent registers under it. Nor is a dispatch the text
quotes rather than makes (facts.ReadingAt): a list of patterns to scan other files for
("Detection patterns:", "scan the skills for subagent_type patterns (e.g. …)"), the "Before"
side of a conversion example, or text about another coding agent.`,
				Bad:         "subagent_type: my-plugin:reviewr",
				Good:        "subagent_type: my-plugin:reviewer",
				Consequence: "The subagent call fails at run time: no agent has that type.",
				Checked:     "2.1.328"},
			Requires: []lint.Analyzer{facts.SubagentRefs},
			Check: func(pass *lint.Pass) {
				c := pass.Plugin.Components()
				refs := facts.SubagentRefs.Of(pass, pass.File)
				teaching := teachingDoc(pass.File, c, refs)
				for _, r := range refs {
					switch {
					case r.Sample, r.Kind != facts.NameLiteral, teaching:
						continue
					case quotedText(pass.File, r.Off):
						continue // a pattern to scan for, a "Before" sample, another agent's text
					case r.Prefix != "" && strings.HasPrefix(r.Name, ":"):
						// "a::b" resolves to nothing, whichever plugin a names:
						// agents register as "<plugin>:<agent>", and 2.1.330's Agent
						// tool answers "witness::reviewer" with "Agent type
						// 'witness::reviewer' not found" though witness:reviewer
						// exists (recorded: generator/lint/witness/testdata/
						// XR001-double-colon).
						pass.Reportf(pass.File.At(r.Off), "write "+r.Prefix+":"+strings.TrimLeft(r.Name, ":"),
							"subagent_type %q has a double colon; agents register as \"<plugin>:<agent>\"", r.Prefix+":"+r.Name)
					case r.Prefix == c.Plugin && c.Agent(r.Name) == nil:
						pass.Reportf(pass.File.At(r.Off), "fix the name or add the agent",
							"subagent_type %q names no agent of plugin %q", r.Prefix+":"+r.Name, c.Plugin)
					case r.Prefix == "" && !builtinAgents[r.Name] && c.Agent(r.Name) == nil && !facts.OptionalAt(pass.File, r.Off):
						pass.Reportf(pass.File.At(r.Off), "name a built-in type or an agent as <plugin>:<agent>",
							"subagent_type %q is neither a built-in agent type nor an agent of plugin %q", r.Name, c.Plugin)
					}
				}
			},
		},
		{
			ID: "XR002", Alias: "subagent-type-unprefixed", Family: famXRef, Severity: lint.Error, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "subagent_type naming a plugin agent without the plugin prefix",
			Doc: lint.Doc{Why: `Plugin agents are registered as "<plugin>:<agent>"; "reviewer" alone does not
resolve to the plugin's reviewer agent.`,
				Bad:         "subagent_type: reviewer",
				Good:        "subagent_type: my-plugin:reviewer",
				Checked:     "2.1.328",
				Consequence: "The subagent call fails at run time: plugin agents register as <plugin>:<name>."},
			Requires: []lint.Analyzer{facts.SubagentRefs},
			Check: func(pass *lint.Pass) {
				c := pass.Plugin.Components()
				for _, r := range facts.SubagentRefs.Of(pass, pass.File) {
					if !r.Sample && r.Kind == facts.NameLiteral && r.Prefix == "" && !builtinAgents[r.Name] && c.Agent(r.Name) != nil {
						pass.Reportf(pass.File.At(r.Off), "write "+c.Plugin+":"+r.Name,
							"subagent_type %q lacks the plugin prefix %q", r.Name, c.Plugin+":")
					}
				}
			},
		},
		{
			ID: "XR003", Alias: "component-reference-unknown", Family: famXRef, Severity: lint.Error, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: `"<plugin>:<name>" or "/<plugin>:<name>" naming nothing the plugin ships`,
			Doc: lint.Doc{Why: `Prose and prompts name this plugin's commands, skills and agents as
"/my-plugin:review" or "my-plugin:reviewer". When the name matches none of them — a rename, a
typo — the model is sent looking for something that does not exist. Names are the ones
Claude Code gives (snapshot.Components, held to the CLI's own listing): commands by path
under the folders plugin.json declares, skills by directory, each also by its frontmatter
name as an alias; agents by frontmatter name, else file name; workflows by the name in their
meta object. In a code block only "/<plugin>:<name>" counts: without the slash
it is code (a Snowflake "data:customer:name", a YAML key). Only a name the text gives is
checked (facts.ReferenceOf): not a region marker in an HTML comment ("<!-- tool:start -->"),
not program syntax ("//go:build"), not a token without a slash that the text does not present
as a component (facts.ReferenceOf): a component or call word must be attached to it ("the X
skill", "invoke X", Skill(X), subagent_type: X), or its list or table must say it holds
components ("Required skills:", "| Agent |"); being near such a word is not enough, and a token
the text types as something else is not a name ("the X event", "between X/Y markers",
addEventListener('X'), a table of events; typed once, it is that thing throughout the file).
In "X/Y" the slash joins two tokens; it does not make Y a slash command. Not a
placeholder, not a component a roadmap says is still to come (facts.Planned: "## Roadmap",
"(planned)", "not built yet"). Documents nothing tells the model to read are not looked at
(facts.ToldToRead), nor a command's or skill's own modes in its own text ("/my-plugin:test:unit"
in test.md, describing its argument: facts.OwnMode), nor a value of a frontmatter key Claude
Code ignores and never shows the model (facts.InIgnoredKey). Whether the model acts on the
line is facts.ReadingAt's judgement: a name in a history note ("Replaces my-plugin:old",
"` + "`/my-plugin:x`" + ` was removed") or in text about another coding agent (a skill on the zed or
Codex agent, whose slash commands are that agent's) is not this plugin's reference; one on a
provenance line, or in text the model reads past (a "See also" or "Related" list, a table of
alternatives) that names a component the plugin ships under another name (facts.NearComponent),
is reported by component-reference-unknown-aside (XR011), a warning, and so is a name the
text shows rather than calls: in a heading, on a usage line, in a note about the component's
caller ("invoked by X", "called automatically by X", "Returns to: X", "use this skill when X
needs …"), or a near spelling of the file's own component on its usage and example lines
(facts.OwnNearMention); and a pointer ("**See also**: X", as facts.LinkSending reads links)
naming a component the plugin ships under another name. A related component the
plugin does not ship at all stays here, as does a line that tells the model to read, load,
open, follow or run the thing. A runtime's module
("bun:test", "node:fs") is code, not a name (facts.ReferenceOf).
A command's own frontmatter name that makes it register under another name is reported with
the name it gets.`,
				Bad:         "Then run /my-plugin:reveiw.",
				Good:        "Then run /my-plugin:review.",
				Checked:     "2.1.330",
				Consequence: "The model is sent to a name that resolves to nothing: the step fails."},
			Requires: []lint.Analyzer{facts.QualifiedRefs, facts.Examples, facts.ToldToRead, facts.SchemaIssues},
			Check: func(pass *lint.Pass) {
				unknownRefs(pass, func(at snapshot.Loc, name string, aside bool) {
					if aside {
						return // component-reference-unknown-aside (XR011)
					}
					if ownCommandName(pass.File, at.Line) {
						reportOwnCommandName(pass, pass.Plugin.Components(), at, name)
						return
					}
					pass.Reportf(at, "fix the name or add the component",
						"%q names no command, skill or agent of plugin %q", name, pass.Plugin.Components().Plugin)
				})
			},
		},
		{
			ID: "XR004", Alias: "reference-prefix-mismatch", Family: famXRef, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "reference qualified with a variant of the plugin's name",
			Doc: lint.Doc{Why: `A plugin built in variants (my-plugin, my-plugin-dev) must qualify its own
components with its own name. "my-plugin:reviewer" inside my-plugin-dev reaches the other
variant's agent (or nothing, when only one is installed).`,
				Bad:         "plugin my-plugin-dev:  subagent_type: my-plugin:reviewer",
				Good:        "plugin my-plugin-dev:  subagent_type: my-plugin-dev:reviewer",
				Checked:     "2.1.328",
				Consequence: "The reference reaches another variant's component, or nothing; a likely mistake."},
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
		{
			ID: "XR005", Alias: "skill-reference-unknown", Family: famXRef, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "Skill(...) or agent skills: entry naming a skill the plugin does not ship",
			Doc: lint.Doc{Why: `Skill(name) in allowed-tools or prose, and an agent's skills: list, name skills to
load. A name that is neither one of the plugin's skills (or commands) nor qualified with
another plugin's prefix loads nothing.`,
				Bad:         "---\nname: writer\nskills: [pdf-tool]\n---   # the skill is skills/pdf/",
				Good:        "---\nname: writer\nskills: [pdf]\n---",
				Checked:     "2.1.328",
				Consequence: "The skill does not load; a likely typo."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				c := pass.Plugin.Components()
				check := func(at snapshot.Loc, name string) {
					prefix, bare := "", name
					if i := strings.LastIndexByte(name, ':'); i >= 0 {
						prefix, bare = name[:i], name[i+1:]
					}
					if (prefix == "" || prefix == c.Plugin) && c.Skill(bare) == nil && c.Command(bare) == nil {
						pass.Reportf(at, "fix the name or add the skill", "skill %q is not a skill of plugin %q", name, c.Plugin)
					}
				}
				for _, m := range skillCallNeedles.FindAll(skillCallRE, f) {
					check(f.At(m[2]), string(f.Data[m[2]:m[3]]))
				}
				if f.Kind == snapshot.KindAgent {
					_, v := f.Frontmatter().Get("skills")
					items, nodes := facts.ScalarList(v)
					for i, s := range items {
						check(nodeLoc(f, nodes[i]), s)
					}
				}
			},
		},
	}
}

var (
	skillCallRE      = lazyre.New(`\bSkill\(\s*["']?([A-Za-z0-9_.:-]+)["']?\s*\)`)
	skillCallNeedles = facts.NewNeedles("Skill(")
)

// quotedText reports whether the text at off is quoted rather than done
// (facts.ReadingAt): a pattern to scan for, the "Before" side of a
// conversion, or text about another coding agent.
func quotedText(f *snapshot.File, off int) bool {
	r := facts.ReadingAt(f, off)
	return r == facts.Quoted || r == facts.OtherTool
}

// builtinAgents are subagent types Claude Code itself provides.
var builtinAgents = map[string]bool{"general-purpose": true, "Explore": true, "Plan": true,
	"statusline-setup": true, "output-style-setup": true, "claude-code-guide": true}

// componentExists reports whether name is a command, skill, agent or
// workflow of p.
func componentExists(c *snapshot.Components, name string) bool {
	return c.Command(name) != nil || c.Skill(name) != nil || c.Agent(name) != nil || c.Workflow(name) != nil
}

// similarPrefix reports whether two plugin names look like variants of one
// another (iflow and iflow-dev).
func similarPrefix(a, b string) bool {
	return a != b && (strings.HasPrefix(a, b+"-") || strings.HasPrefix(b, a+"-"))
}
