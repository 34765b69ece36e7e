package rules

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// componentToleratedRules report what an error rule would, where a run
// shows no harm: frontmatter values the schema refuses but Claude Code
// loads as if they were not written (the schema rules leave those to
// them), and a component nothing can invoke that nothing uses either
// (skill-unreachable keeps the one a step relies on). Warnings.
func componentToleratedRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "CP015", Alias: "agent-key-empty", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindAgent),
			Title: "agent frontmatter key with no value, which Claude Code ignores",
			Doc: lint.Doc{Why: `A key written with nothing after it ("hooks:") is YAML null, which the schema
refuses. For model, hooks, initialPrompt and isolation, 2.1.330 spawns the agent as if the
key were left out: the session's model, no hooks, no initial prompt, no worktree (a recorded
run). Usually a template's placeholder left unfilled: harmless, but the author may have
meant a value. An empty tools: is not harmless (the agent gets no tools at all), so
agent-frontmatter-schema still reports it as an error.`,
				Bad:         "---\nname: reviewer\nisolation:\n---",
				Good:        "---\nname: reviewer\n---",
				Checked:     "2.1.330",
				Consequence: "The agent loads and runs as if the key were absent: cosmetic, so a warning, not an error."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				fm := f.Frontmatter()
				if !fm.Mapping() {
					return
				}
				c := fm.Root.Content
				for i := 0; i+1 < len(c); i += 2 {
					// An empty hooks: is agent-hooks-ignored's (CP006): plugin
					// agents' hooks are ignored whatever their value.
					if c[i].Value != "hooks" && facts.EmptyAsAbsent(f, "/"+c[i].Value) {
						pass.Reportf(nodeLoc(f, c[i]), "give it a value or remove the key",
							"agent key %q has no value; Claude Code loads the agent as if it were absent", c[i].Value)
					}
				}
			},
		},
		{
			ID: "CP017", Alias: "skill-unreachable-unused", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindCommand, snapshot.KindSkill),
			Title: "command or skill that nothing can invoke and nothing uses",
			Doc: lint.Doc{Why: `disable-model-invocation: true hides it from Claude, user-invocable: false hides it
from the / menu: with both, nothing can run it (the Skill tool refuses it, a recorded run).
Where no other command, agent or skill names it in a step, nothing the plugin does depends on
it: dead text, perhaps an internal note kept as a skill. skill-unreachable (an error) reports
the same settings when another component tells the model to use it.`,
				Bad:         "---\nname: notes\ndisable-model-invocation: true\nuser-invocable: false\n---",
				Good:        "---\nname: notes\ndisable-model-invocation: true\n---",
				Checked:     "2.1.330",
				Consequence: "The component never runs, and nothing asks for it: dead but harmless, a warning."},
			Requires: []lint.Analyzer{facts.Frontmatter},
			Check: func(pass *lint.Pass) {
				if unreachable(pass) && !relied(pass) {
					pass.Reportf(fmKeyLoc(pass.File, "user-invocable"), "drop one of the two settings, or the component",
						"%s can be invoked neither by Claude nor by the user, and nothing in the plugin uses it", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "CP018", Alias: "key-value-ignored", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindCommand, snapshot.KindSkill),
			Title: "command or skill key with a value Claude Code loads as if it were absent",
			Doc: lint.Doc{Why: `An empty allowed-tools: is YAML null and a skill's metadata: written as a line of
text is not the map the schema asks for. 2.1.330 lists such a skill or command, and its
validator accepts it (a recorded run): an empty allowed-tools grants no tool without asking,
as leaving it out does, and Claude Code reads nothing from metadata. Harmless, but the author
may have meant a value, so the schema rules (command-frontmatter-schema,
skill-frontmatter-schema) leave these shapes to this warning.`,
				Bad:         "---\nname: notes\nallowed-tools:\nmetadata: author=me; license=MIT\n---",
				Good:        "---\nname: notes\nmetadata:\n  author: me\n  license: MIT\n---",
				Checked:     "2.1.330",
				Consequence: "The command or skill loads and runs as if the key were absent: cosmetic, so a warning, not an error."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				for _, key := range []string{"allowed-tools", "metadata"} {
					k, v := f.Frontmatter().Get(key)
					switch {
					case v == nil:
					case facts.EmptyAsAbsent(f, "/"+key):
						pass.Reportf(nodeLoc(f, k), "give it a value or remove the key",
							"%s key %q has no value; Claude Code loads it as if it were absent", f.Kind.Noun(), key)
					case facts.ToleratedText(f, "/"+key):
						pass.Reportf(nodeLoc(f, v), "write it as a map (author: me) or remove the key",
							"%s key %q is text, not a map; Claude Code loads it as if it were absent", f.Kind.Noun(), key)
					}
				}
			},
		},
		{
			ID: "CP016", Alias: "skill-context-unknown", Family: famComponent, Severity: lint.Warning, Kinds: kinds(snapshot.KindSkill),
			Title: "skill context other than fork or inline",
			Doc: lint.Doc{Why: `A skill's context says where it runs: fork runs it in a subagent of its own,
inline (the default) in the conversation that invoked it. 2.1.330 forks only for "fork":
a skill with any other value ("workspace", a list) loads, and the Skill tool runs it inline,
as if the key were left out (a recorded run); its validator accepts the file. So the schema
check (skill-frontmatter-schema) leaves context to this rule.`,
				Bad:         "---\nname: notes\ncontext: workspace\n---",
				Good:        "---\nname: notes\ncontext: fork\n---",
				Checked:     "2.1.330",
				Consequence: "The skill runs inline, the default: if the author meant a fork, its work fills the caller's context. A warning, not an error."},
			Check: func(pass *lint.Pass) {
				k, v := pass.File.Frontmatter().Get("context")
				if v == nil || v.Kind == yaml.ScalarNode && (v.Value == "fork" || v.Value == "inline") {
					return
				}
				at := v
				if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
					at = k // a list starts on the next line; an empty key has no value to point at
				}
				pass.Reportf(nodeLoc(pass.File, at), `use "fork" to run it in a subagent, or leave the key out`,
					"skill context %s is not fork or inline; Claude Code runs the skill inline", describeNode(v))
			},
		},
	}
}

// unreachable reports a command or skill hidden from both Claude and the user.
func unreachable(pass *lint.Pass) bool {
	fm := facts.Frontmatter.Of(pass, pass.File)
	return fm.IsTrue("disable-model-invocation") && fm.IsFalse("user-invocable")
}

// relied reports whether another component tells the model to use this one,
// by its registered name's last part (facts.NamedInSteps).
func relied(pass *lint.Pass) bool {
	name := pass.Plugin.Components().NameOf(pass.File)
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	return facts.NamedInSteps(pass.Plugin, pass.File, name)
}

// describeNode names a frontmatter value for a message: a scalar quoted,
// an empty key or a list or map by what it is.
func describeNode(v *yaml.Node) string {
	switch {
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null":
		return "(empty)"
	case v.Kind == yaml.ScalarNode:
		return `"` + strings.TrimSpace(v.Value) + `"`
	case v.Kind == yaml.SequenceNode:
		return "(a list)"
	default:
		return "(a map)"
	}
}
