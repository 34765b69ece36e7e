package rules

import (
	"fmt"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// layoutCommandsSkillRules find a commands folder that Claude Code loads
// as one command because a SKILL.md (any case) sits at its top.
func layoutCommandsSkillRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "LY024", Alias: "commands-folder-taken-by-skill-file", Family: famLayout, Severity: lint.Error,
			Title: "SKILL.md (any case) at the top of a commands folder: the folder loads as one command",
			Doc: lint.Doc{Why: `Claude Code 2.1.330 loads a folder under a commands path that holds a SKILL.md,
in any letter case, as one command named by the folder, and registers nothing else in or below
it. At the top of the commands folder that means commands/skill.md, meant as the command
/<plugin>:skill, turns the whole folder into one command, /<plugin>:commands, and every other
command in it is lost without a word (oh-my-claudecode lost /compact and /psm so; the names
fixture commands-root-skill records it). Deeper down, tools/pdf/SKILL.md with files beside it
is the usual way to ship a skill in a commands folder, and is not reported.`,
				Bad:         "commands/skill.md\ncommands/review.md",
				Good:        "commands/skill-help.md\ncommands/review.md",
				Checked:     "2.1.330",
				Consequence: "Only /<plugin>:commands is registered: the folder's other commands, and the one the file meant, are not loaded."},
			Check: func(pass *lint.Pass) {
				roots := []string{"commands"}
				if d := snapshot.Declared(pass.Plugin.ManifestValue(), "commands"); len(d) > 0 {
					roots = roots[:0]
					for _, r := range d {
						roots = append(roots, path.Clean(r))
					}
				}
				for _, r := range roots {
					var top *snapshot.File
					var lost []string
					for _, f := range pass.Plugin.Files {
						switch {
						case f.Kind != snapshot.KindCommand || !strings.HasPrefix(f.Path, r+"/"):
						case path.Dir(f.Path) == r && strings.EqualFold(f.Base(), "SKILL.md"):
							top = f
						default:
							lost = append(lost, f.Path)
						}
					}
					if top == nil {
						continue
					}
					plugin := pass.Plugin.Components().Plugin
					what := fmt.Sprintf("the command it meant, /%s:%s, is not registered", plugin, strings.TrimSuffix(top.Base(), path.Ext(top.Base())))
					if len(lost) > 0 {
						what = fmt.Sprintf("the %d other command files in it (%s) are not registered", len(lost), firstFew(lost, 3))
					}
					pass.Reportf(top.Whole(), "rename it (to "+path.Join(r, "skill-help.md")+") unless the whole folder is meant as one skill",
						"%q makes Claude Code load %s/ as one command, /%s:%s; %s", top.Path, r, plugin, path.Base(r), what)
				}
			},
		},
	}
}

// firstFew joins up to n items, with "…" when there are more.
func firstFew(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + ", …"
}
