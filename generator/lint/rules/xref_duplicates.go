package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// xrefDuplicateRules find two components under one name.
func xrefDuplicateRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "XR008", Alias: "command-skill-clash", Family: famXRef, Severity: lint.Warning,
			Title: "command and skill with the same name",
			Doc: lint.Doc{Why: `Commands and skills share one namespace: both create "/<plugin>:<name>". 2.1.330
loads both into one command list, plugin commands ahead of plugin skills (read from the
release's command loader), and a name resolves to one entry: the command, leaving the skill
shadowed for "/<plugin>:<name>". "claude plugin validate" lists both without a word. A warning,
not an error: public plugins ship the pair on purpose (a command whose body only says to load the
same-named skill, 33 such commands in 4 plugins of our corpus, docs/real-plugins.md), and the
release's Skill-tool lookup could not be traced far enough to show that the skill is then
unreachable, so nothing certainly fails.`,
				Bad:         "commands/review.md\nskills/review/SKILL.md",
				Good:        "commands/review.md\nskills/review-guide/SKILL.md",
				Consequence: "/<plugin>:<name> reaches the command, so the skill is likely shadowed; a likely mistake unless the command is a deliberate wrapper.",
				Checked:     "2.1.330"},
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
			Doc: lint.Doc{Why: `Agents are named by their frontmatter name; two files with one name collapse
into one agent and the other silently disappears.`,
				Bad:         "agents/a.md: name: reviewer\nagents/b.md: name: reviewer",
				Good:        "agents/a.md: name: reviewer\nagents/b.md: name: security-reviewer",
				Checked:     "2.1.328",
				Consequence: "One agent silently replaces the other."},
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
	}
}
