package rules

import (
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// layoutPlacementRules find files where Claude Code does not look for them:
// manifests, skills, CLAUDE.md and hooks files out of place.
func layoutPlacementRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "LY001", Alias: "manifest-misplaced", Family: famLayout, Severity: lint.Warning,
			Title: "plugin.json outside .claude-plugin/",
			Doc: lint.Doc{Why: `Claude Code reads the manifest only from .claude-plugin/plugin.json. A plugin.json
at the plugin root (or elsewhere) is silently ignored: the plugin loads without a name, version
or component paths of its own.`,
				Bad:         "my-plugin/plugin.json",
				Good:        "my-plugin/.claude-plugin/plugin.json",
				Checked:     "2.1.328",
				Consequence: "Claude Code does not read the manifest there: the plugin loads with its directory name and no metadata. A likely mistake."},
			Check: func(pass *lint.Pass) {
				if pass.Plugin.Manifest() != nil {
					return
				}
				for _, rel := range []string{"plugin.json", ".claude/plugin.json", "claude-plugin/plugin.json"} {
					if f := pass.Plugin.File(rel); f != nil && f.IsRegular() {
						pass.Reportf(f.Whole(), "move it to .claude-plugin/plugin.json",
							"manifest %q is not in .claude-plugin/; Claude Code ignores it", rel)
					}
				}
			},
		},
		{
			ID: "LY002", Alias: "claude-plugin-stray-file", Family: famLayout, Severity: lint.Warning,
			Title: "file in .claude-plugin/ that is not a manifest",
			Doc: lint.Doc{Why: `.claude-plugin/ holds plugin.json and marketplace.json (and optionally the
directory listing's icon). Components placed there — commands/, agents/, hooks.json — are not
loaded; they belong at the plugin root.`,
				Bad:         ".claude-plugin/commands/review.md",
				Good:        "commands/review.md",
				Checked:     "2.1.328",
				Consequence: "Claude Code ignores the file; a likely leftover."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					if !strings.HasPrefix(f.Path, ".claude-plugin/") || f.IsDir() {
						continue
					}
					switch strings.TrimPrefix(f.Path, ".claude-plugin/") {
					case "plugin.json", "marketplace.json", "icon.png", "icon.svg":
						continue
					}
					pass.Reportf(f.Whole(), "move it to the plugin root (or delete it)",
						"%q is in .claude-plugin/, where Claude Code reads only manifests", f.Path)
				}
			},
		},
		{
			ID: "LY003", Alias: "skill-md-missing", Family: famLayout, Severity: lint.Warning,
			Title: "skill directory without SKILL.md",
			Doc: lint.Doc{Why: `A skill is a directory holding SKILL.md (exact upper-case name). A directory under
skills/ without one — an empty one, or one whose file is misnamed — is silently not a skill.`,
				Bad:         "skills/pdf/README.md",
				Good:        "skills/pdf/SKILL.md",
				Checked:     "2.1.328",
				Consequence: "The directory is not a skill and Claude Code ignores it; often a mistake, sometimes a shared folder, so a warning."},
			Requires: []lint.Analyzer{facts.SkillLayout},
			Check: func(pass *lint.Pass) {
				for _, d := range skillCandidateDirs(pass.Plugin) {
					if ix := facts.SkillLayout.Of(pass); pass.Plugin.File(d+"/SKILL.md") != nil || ix.Variant[d] != nil || ix.Nested[d] {
						continue
					}
					pass.Reportf(pass.Plugin.File(d).Whole(), "add SKILL.md to the directory, or move the files out of skills/",
						"skill directory %q has no SKILL.md; Claude Code skips it", d)
				}
			},
		},
		{
			ID: "LY004", Alias: "skill-md-case", Family: famLayout, Severity: lint.Error,
			Title: "skill file named skill.md or Skill.md instead of SKILL.md",
			Doc: lint.Doc{Why: `Claude Code looks for the exact name SKILL.md. On case-sensitive file systems
(Linux, CI) a skill.md is not found and the skill silently disappears.`,
				Bad:         "skills/pdf/skill.md",
				Good:        "skills/pdf/SKILL.md",
				Checked:     "2.1.328",
				Consequence: "On case-sensitive file systems (Linux, CI) the skill is not found and disappears."},
			Requires: []lint.Analyzer{facts.SkillLayout},
			Check: func(pass *lint.Pass) {
				for _, d := range skillCandidateDirs(pass.Plugin) {
					if pass.Plugin.File(d+"/SKILL.md") != nil {
						continue
					}
					if f := facts.SkillLayout.Of(pass).Variant[d]; f != nil {
						pass.Reportf(f.Whole(), "rename it to SKILL.md",
							"skill file %q must be named SKILL.md; Claude Code skips the skill", f.Path)
					}
				}
			},
		},
		{
			ID: "LY005", Alias: "skill-nested", Family: famLayout, Severity: lint.Error,
			Title: "SKILL.md two or more levels below skills/",
			Doc: lint.Doc{Why: `Claude Code finds skills exactly one level below skills/ (skills/<name>/SKILL.md).
2.1.330's plugin skill loader reads <dir>/SKILL.md, and otherwise each direct subfolder's
SKILL.md, without recursing: a SKILL.md deeper down is not a skill and is silently dropped.
Not reported: a SKILL.md inside a folder that is already a skill (skills/pdf/templates/SKILL.md
next to skills/pdf/SKILL.md), which is one of that skill's files, such as a template it
hands out; nor one a component tells the model to read by its path (facts.ToldToRead: "each
phase runs by skills/phases/<phase>/SKILL.md"), which is a guide the plugin reads, not a skill
it lost.`,
				Bad:         "skills/docs/pdf/SKILL.md",
				Good:        "skills/pdf/SKILL.md",
				Consequence: "Claude Code does not load the nested SKILL.md as the skill it looks like.",
				Checked:     "2.1.330"},
			Requires: []lint.Analyzer{facts.ToldToRead},
			Check: func(pass *lint.Pass) {
				read := facts.ToldToRead.Of(pass)
				for _, f := range pass.Plugin.Files {
					if f.Base() != "SKILL.md" || f.Kind == snapshot.KindSkill || !strings.HasPrefix(f.Path, "skills/") || read[f] {
						continue
					}
					if strings.Count(f.Path, "/") >= 3 && !insideSkill(pass, f.Path) {
						pass.Reportf(f.Whole(), "move the skill directory directly under skills/",
							"%q is nested too deep to be a skill; Claude Code only reads skills/<name>/SKILL.md", f.Path)
					}
				}
			},
		},
		{
			ID: "LY006", Alias: "root-claude-md", Family: famLayout, Severity: lint.Warning,
			Title: "CLAUDE.md at the plugin root",
			Doc: lint.Doc{Why: `A CLAUDE.md (or CLAUDE.local.md) at the plugin root is not loaded as project
context. To ship context with a plugin, use a skill or a SessionStart hook.`,
				Bad:         "my-plugin/CLAUDE.md",
				Good:        "my-plugin/skills/conventions/SKILL.md",
				Checked:     "2.1.328",
				Consequence: "Claude Code does not load a plugin's CLAUDE.md as context; the validator warns. A likely mistake."},
			Check: func(pass *lint.Pass) {
				for _, rel := range []string{"CLAUDE.md", "CLAUDE.local.md"} {
					if f := pass.Plugin.File(rel); f != nil && pass.Plugin.IsPlugin() {
						pass.Reportf(f.Whole(), "turn the context into a skill or a SessionStart hook",
							"%q at the plugin root is not loaded as context", rel)
					}
				}
			},
		},
		{
			ID: "LY007", Alias: "root-skill-md", Family: famLayout, Severity: lint.Warning,
			Title: "SKILL.md at the plugin root that no skills entry loads",
			Doc: lint.Doc{Why: `A SKILL.md at the plugin root is the plugin's skill when plugin.json lists the root as
a skills path ("skills": ["./"]), or when there is neither a skills field nor a skills/ folder:
Claude Code 2.1.330 then loads it on its own ('claude plugin validate' lists it). With a
skills/ folder, or a skills field that leaves the root out, it is ignored.`,
				Bad:         `{"name": "pdf"}   # with SKILL.md at the root and a skills/ folder`,
				Good:        `{"name": "pdf", "skills": ["./", "./skills"]}`,
				Checked:     "2.1.330",
				Consequence: "Claude Code does not load it as a skill; a likely mistake."},
			Check: func(pass *lint.Pass) {
				if f := pass.Plugin.File("SKILL.md"); f != nil && f.Kind != snapshot.KindSkill && pass.Plugin.IsPlugin() {
					pass.Reportf(f.Whole(), `add "skills": ["./"] to plugin.json, or move it to skills/<name>/`,
						"SKILL.md at the plugin root is not loaded")
				}
			},
		},
		{
			ID: "LY008", Alias: "hooks-file-misplaced", Family: famLayout, Severity: lint.Warning,
			Title: "hooks.json where Claude Code does not look for it",
			Doc: lint.Doc{Why: `Claude Code loads hooks/hooks.json and the files plugin.json's hooks field names.
A hooks.json at the plugin root or in .claude-plugin/ is not loaded and its hooks never run.`,
				Bad:         "my-plugin/hooks.json",
				Good:        "my-plugin/hooks/hooks.json",
				Checked:     "2.1.328",
				Consequence: "Claude Code does not read hooks there; a likely mistake."},
			Check: func(pass *lint.Pass) {
				for _, rel := range []string{"hooks.json", ".claude-plugin/hooks.json", "hooks/hooks.yaml", "hooks/hooks.yml"} {
					if f := pass.Plugin.File(rel); f != nil && f.Kind != snapshot.KindHooks && pass.Plugin.IsPlugin() {
						pass.Reportf(f.Whole(), "move it to hooks/hooks.json (JSON), or list it in plugin.json's hooks",
							"hooks file %q is not loaded; its hooks never run", rel)
					}
				}
			},
		},
		{
			ID: "LY022", Alias: "skill-shadowed-by-folder-skill", Family: famLayout, Severity: lint.Error,
			Title: "skill in a folder of a skills folder that is itself a skill",
			Doc: lint.Doc{Why: `A skills folder (skills/, or one plugin.json "skills" declares) that holds a SKILL.md
is itself one skill, and Claude Code 2.1.330 loads nothing below it: skills/SKILL.md beside
skills/pdf/SKILL.md lists only the first (the names fixture skill-roots records it). The skill in
the subfolder is silently lost, usually because a SKILL.md meant for one skill landed one folder
too high.`,
				Bad:         "skills/SKILL.md\nskills/pdf/SKILL.md",
				Good:        "skills/forms/SKILL.md\nskills/pdf/SKILL.md",
				Checked:     "2.1.330",
				Consequence: "The skill in the subfolder is not loaded: no /<plugin>:<name>, nothing for the model."},
			Check: func(pass *lint.Pass) {
				roots := []string{"skills"}
				for _, d := range snapshot.Declared(pass.Plugin.ManifestValue(), "skills") {
					roots = append(roots, path.Clean(d))
				}
				for _, r := range roots {
					// The plugin root as the skill ("skills": ["./"]) is
					// LY007's; what it hides was not observed.
					top := pass.Plugin.File(path.Join(r, "SKILL.md"))
					if r == "." || top == nil || top.Kind != snapshot.KindSkill {
						continue
					}
					for _, f := range pass.Plugin.Files {
						if f.Base() == "SKILL.md" && f != top && path.Dir(path.Dir(f.Path)) == r && f.IsRegular() {
							pass.Reportf(f.Whole(), "give the folder's own SKILL.md a folder of its own, beside this one",
								"skill %q is not loaded: %q is itself a skill, and Claude Code loads nothing below it", path.Dir(f.Path), top.Path)
						}
					}
				}
			},
		},
	}
}

// skillCandidateDirs lists the direct subdirectories of skills/.
func skillCandidateDirs(p *snapshot.Plugin) []string {
	// A skills/ that holds SKILL.md is itself the skill (2.1.330 lists it
	// and nothing below it): its folders are the skill's files.
	if f := p.File("skills/SKILL.md"); f != nil && f.IsRegular() {
		return nil
	}
	var out []string
	for _, f := range p.Files {
		if f.IsDir() && path.Dir(f.Path) == "skills" {
			out = append(out, f.Path)
		}
	}
	return out
}

// insideSkill reports whether a folder between skills/<name> and the file
// at rel holds a SKILL.md, making the file part of that skill.
func insideSkill(pass *lint.Pass, rel string) bool {
	for d := path.Dir(path.Dir(rel)); strings.Count(d, "/") >= 1; d = path.Dir(d) {
		if g := pass.Plugin.File(d + "/SKILL.md"); g != nil && g.IsRegular() {
			return true
		}
	}
	return false
}
