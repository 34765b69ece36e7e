package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var xrefRules3 = []lint.Rule{
	{
		ID: "XR008", Alias: "command-skill-clash", Family: famXRef, Severity: lint.Error,
		Title: "command and skill with the same name",
		Doc: doc(`Commands and skills share one namespace: both create "/<plugin>:<name>". With a
command and a skill of one name, one of them is unreachable. "claude plugin validate" lists
both without a word.`, "commands/review.md\nskills/review/SKILL.md", "commands/review.md\nskills/review-guide/SKILL.md"),
		Check: func(pass *lint.Pass) {
			c := pass.Plugin.Components()
			for _, s := range c.Skills {
				if cmd := c.Command(s.Name); cmd != nil {
					pass.Reportf(s.File.Whole(), "rename the skill or the command",
						"skill %q and command %q have the same name", s.Name, cmd.File.Path)
				}
			}
		},
	},
	{
		ID: "XR009", Alias: "agent-name-duplicate", Family: famXRef, Severity: lint.Error,
		Title: "two agents with the same name",
		Doc: doc(`Agents are named by their frontmatter name; two files with one name collapse
into one agent and the other silently disappears.`,
			"agents/a.md: name: reviewer\nagents/b.md: name: reviewer", "agents/a.md: name: reviewer\nagents/b.md: name: security-reviewer"),
		Check: func(pass *lint.Pass) {
			seen := map[string]*snapshot.File{}
			for _, a := range pass.Plugin.Components().Agents {
				if prev := seen[a.Name]; prev != nil {
					pass.Reportf(fmKeyLoc(a.File, "name"), "give each agent its own name",
						"agent %q is defined twice, in %q and %q", a.Name, prev.Path, a.File.Path)
					continue
				}
				seen[a.Name] = a.File
			}
		},
	},
	{
		ID: "XR010", Alias: "plugin-file-reference-missing", Family: famXRef, Severity: lint.Error, Kinds: markdownKinds,
		Title: "${CLAUDE_PLUGIN_ROOT}/path in a prompt naming a file the plugin does not ship",
		Doc: doc(`Commands and skills tell the model to run or read "${CLAUDE_PLUGIN_ROOT}/scripts/x.sh".
When the file is not shipped the instruction fails at the worst time: mid-task.`,
			"Run `${CLAUDE_PLUGIN_ROOT}/scripts/chek.sh`.", "Run `${CLAUDE_PLUGIN_ROOT}/scripts/check.sh`."),
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, m := range rootRefRE.FindAllSubmatchIndex(f.Data, -1) {
				rel := strings.TrimRight(string(f.Data[m[2]:m[3]]), ".,;:")
				if rel == "" || strings.HasSuffix(rel, "/") && pass.Plugin.File(strings.TrimSuffix(rel, "/")) != nil {
					continue
				}
				if !escapes(rel) && pass.Plugin.File(rel) == nil {
					pass.Reportf(f.At(m[0]), "fix the path or ship the file", "%q names a file the plugin does not ship", "${CLAUDE_PLUGIN_ROOT}/"+rel)
				}
			}
		},
	},
}
