package snapshot

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Component is a command, agent or skill under the name Claude Code gives it
// (without the "<plugin>:" prefix).
type Component struct {
	Kind Kind
	// Name is the name Claude Code registers: the one its system/init
	// listing prints and its transcript records when the component runs.
	Name string
	// Aliases are other names Claude Code also resolves to this component:
	// the name a command's or skill's frontmatter gives it, which Claude
	// Code shows the model beside Name ("p:git:deploy (p:git:ship)").
	Aliases []string
	File    *File
}

// Components is the plugin's inventory, named the way Claude Code 2.1.330
// registers it, as its system/init listing shows (generator/cliview; the
// fixtures of testdata/names hold every shape against a recorded listing):
//
//   - commands by path under their root: "git/commit.md" is "git:commit";
//     a file plugin.json names directly is its base name, or its key in a
//     commands map. The commands roots are commands/ unless plugin.json
//     sets "commands", which replaces it. A frontmatter name does not
//     rename the command: it adds an alias in the path name's namespace
//     ("git:ship"), unless it holds a blank;
//   - skills by directory; a frontmatter name (a "<plugin>:" prefix
//     dropped, no blank in it) is an alias. Skills roots are skills/ plus
//     what plugin.json "skills" adds; a root that itself holds SKILL.md
//     is one skill, named by its frontmatter name made safe ("Top Name"
//     is "Top-Name"), else by the directory;
//   - agents by frontmatter name, else by file name; the file name is then
//     no name at all.
type Components struct {
	Plugin   string // the plugin's name: plugin.json "name", else the directory name
	Commands []Component
	Agents   []Component
	Skills   []Component
	// Workflows are run like commands (/<plugin>:<name>); see workflows.
	Workflows []Component
	byFile    map[*File]string
	byName    [4]map[string]*Component // commands, agents, skills, workflows; names and aliases
}

// Components builds the inventory once.
func (p *Plugin) Components() *Components {
	p.compOnce.Do(func() { p.comp = p.components() })
	return p.comp
}

func (p *Plugin) components() *Components {
	c := &Components{Plugin: filepath.Base(p.Root)}
	m := p.ManifestValue()
	if n, ok := m["name"].(string); ok && n != "" {
		c.Plugin = n
	}
	roots := cleanAll(Declared(m, "commands"))
	if len(roots) == 0 {
		roots = []string{"commands"}
	}
	keys := commandKeys(m)
	agentsDeclared := len(Declared(m, "agents")) > 0 || DeclaresNone(m, "agents")
	skillRoots := map[string]bool{"skills": true, ".": true}
	for _, r := range cleanAll(Declared(m, "skills")) {
		skillRoots[orDot(r)] = true
	}
	skillsIsSkill := false // skills/SKILL.md makes skills/ one skill
	skillCmdDirs := map[string]bool{}
	for _, f := range p.Files {
		skillsIsSkill = skillsIsSkill || f.Kind == KindSkill && f.Dir() == "skills"
		if f.Kind == KindCommand && strings.EqualFold(f.Base(), "SKILL.md") {
			skillCmdDirs[f.Dir()] = true
		}
	}
	for _, f := range p.Files {
		fmName, _ := f.Frontmatter().String("name")
		fmName = strings.TrimSpace(fmName)
		switch f.Kind {
		case KindCommand:
			if underSkillFile(f, skillCmdDirs) {
				continue
			}
			pathName := commandName(f.Path, roots)
			if k, ok := keys[f.Path]; ok {
				pathName = k
			}
			comp := Component{Kind: KindCommand, Name: pathName, File: f}
			if n := c.commandFMName(pathName, fmName); n != pathName {
				comp.Aliases = []string{n}
			}
			c.Commands = append(c.Commands, comp)
		case KindAgent:
			name := strings.TrimSuffix(f.Base(), ".md")
			if fmName != "" {
				name = fmName
			}
			if !agentsDeclared {
				name = agentNamespace(f.Path) + name
			}
			c.Agents = append(c.Agents, Component{Kind: KindAgent, Name: name, File: f})
		case KindSkill:
			c.Skills = append(c.Skills, c.skill(p, f, fmName, skillRoots, skillsIsSkill))
		}
	}
	c.Workflows = p.workflows()
	c.byFile = map[*File]string{}
	for i, list := range [][]Component{c.Commands, c.Agents, c.Skills, c.Workflows} {
		c.byName[i] = map[string]*Component{}
		for j := range list {
			c.byFile[list[j].File] = list[j].Name
			for _, n := range append([]string{list[j].Name}, list[j].Aliases...) {
				if c.byName[i][n] == nil {
					c.byName[i][n] = &list[j]
				}
			}
		}
	}
	return c
}

// commandFMName is the alias a command's frontmatter name gives it: it
// keeps the path name's namespace ("git:") unless it already starts with
// "<plugin>:<namespace>" ("name: flow:work" in commands/flow/work.md of
// plugin flow is "flow:flow:work"). A name with a blank gives none.
func (c *Components) commandFMName(pathName, fmName string) string {
	if fmName == "" || len(fmName) > maxFMName || strings.ContainsAny(fmName, " \t") {
		return pathName
	}
	ns := pathName[:strings.LastIndexByte(pathName, ':')+1]
	if full := c.Plugin + ":" + ns; strings.HasPrefix(fmName, full) {
		return strings.TrimPrefix(fmName, c.Plugin+":")
	}
	return ns + fmName
}

// maxFMName is the longest frontmatter name Claude Code uses; a longer one
// is ignored with a warning (Yln in 2.1.330, bounded by fG, whose only
// numeric definition in that binary's strings is 256).
const maxFMName = 256

// skill names a skill file: a skills root that holds SKILL.md (the plugin
// root included) is one skill, named by its frontmatter name with a
// "<plugin>:" prefix dropped and characters outside [A-Za-z0-9_-] made "-",
// else by the directory; any other skill is named by its directory, and its
// frontmatter name is an alias.
func (c *Components) skill(p *Plugin, f *File, fmName string, roots map[string]bool, skillsIsSkill bool) Component {
	dir := f.Dir()
	// A skill named by its directory gets the directory's name with the
	// same characters made "-" as a frontmatter name: 2.1.330 lists
	// skills/php-8.2 as "php-8-2" and skills/m+n as "m-n" (recorded:
	// testdata/names/skill-dir-chars).
	comp := Component{Kind: KindSkill, Name: skillNameUnsafe.ReplaceAllString(path.Base(dir), "-"), File: f}
	if dir == "." {
		comp.Name = filepath.Base(p.Root)
	}
	// A declared root directly inside skills/ ("skills": ["./skills/a"]) is
	// reached first by the scan of skills/ itself, which names it by its
	// folder, unless skills/ is one skill and the scan stops there
	// (recorded: testdata/names/skills-declared-inside).
	if roots[dir] && (path.Dir(dir) != "skills" || skillsIsSkill) {
		n := strings.TrimPrefix(fmName, c.Plugin+":")
		if n != "" && len(fmName) <= maxFMName {
			comp.Name = skillNameUnsafe.ReplaceAllString(n, "-")
		}
		return comp
	}
	if n := skillFMName(c.Plugin, fmName); n != "" && n != comp.Name {
		comp.Aliases = []string{n}
	}
	return comp
}

var skillNameUnsafe = lazyre.New(`[^a-zA-Z0-9_-]`)

// skillFMName is the alias a skill's frontmatter name gives it, or ""
// when there is none: the name as written ("Pdf.Forms" stays so), a
// "<plugin>:" prefix dropped, none when it holds a blank.
func skillFMName(plugin, fmName string) string {
	n := strings.TrimPrefix(fmName, plugin+":")
	if n == "" || len(fmName) > maxFMName || strings.ContainsAny(n, " \t") {
		return ""
	}
	return n
}

// underSkillFile reports whether a command file lies in or below a
// commands folder that holds a SKILL.md (any case) other than itself:
// 2.1.330 loads such a folder as one command and nothing in or below it
// (recorded: testdata/names/commands-skill-folder, where
// commands/tools/pdf/SKILL.md hides tools/pdf/extra.md, and
// commands-root-skill, where commands/skill.md leaves only "<plugin>:commands").
func underSkillFile(f *File, dirs map[string]bool) bool {
	if len(dirs) == 0 {
		return false
	}
	d := f.Dir()
	if strings.EqualFold(f.Base(), "SKILL.md") {
		d = path.Dir(d) // a SKILL.md is hidden only by one above its folder
	}
	for ; ; d = path.Dir(d) {
		if dirs[d] {
			return true
		}
		if d == "." || d == "/" {
			return false
		}
	}
}

// commandKeys maps the files a plugin.json commands map points at
// ({"name": {"source": "./x.md"}}) to their keys, which name them.
func commandKeys(m map[string]any) map[string]string {
	out := map[string]string{}
	if cm, ok := m["commands"].(map[string]any); ok {
		for k, e := range cm {
			if em, ok := e.(map[string]any); ok {
				if s, ok := em["source"].(string); ok {
					if r := cleanRel(s); r != ".." && r != "" {
						out[r] = k
					}
				}
			}
		}
	}
	return out
}

// commandName names a command file by its path under its root (W$e in
// 2.1.330): "git/commit.md" is "git:commit", and a SKILL.md (any case) in
// a commands folder is named by its directory, "tools/pdf/SKILL.md" being
// "tools:pdf".
func commandName(rel string, roots []string) string {
	stem := strings.TrimSuffix(rel, ".md")
	if strings.EqualFold(path.Base(rel), "SKILL.md") && path.Dir(rel) != "." {
		stem = path.Dir(rel)
	}
	for _, r := range roots {
		if r == rel || r == "" {
			return path.Base(stem)
		}
		if strings.HasPrefix(rel, r+"/") {
			return strings.ReplaceAll(strings.TrimPrefix(stem, r+"/"), "/", ":")
		}
	}
	return path.Base(stem)
}

// agentNamespace is the namespace the folders below agents/ give an agent:
// 2.1.330 registers agents/team/lead.md with "name: lead" as
// "<plugin>:team:lead", and agents/desk/AGENT.md as "<plugin>:desk:<name>"
// (recorded: testdata/names/nested-agents), as it does for commands.
func agentNamespace(rel string) string {
	dir, ok := strings.CutPrefix(path.Dir(rel), "agents/")
	if !ok || dir == "" {
		return ""
	}
	return strings.ReplaceAll(dir, "/", ":") + ":"
}

// Agent finds an agent by name (the first, if two share it).
func (c *Components) Agent(name string) *Component { return c.byName[1][name] }

// Command finds a command by name.
func (c *Components) Command(name string) *Component { return c.byName[0][name] }

// Workflow finds a workflow by name.
func (c *Components) Workflow(name string) *Component { return c.byName[3][name] }

// Skill finds a skill by name.
func (c *Components) Skill(name string) *Component { return c.byName[2][name] }

// NameOf is the runtime name of a command, agent or skill file ("" for others).
func (c *Components) NameOf(f *File) string { return c.byFile[f] }
