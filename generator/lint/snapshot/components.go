package snapshot

import (
	"path"
	"path/filepath"
	"strings"
)

// Component is a command, agent or skill under the name Claude Code gives it
// (without the "<plugin>:" prefix).
type Component struct {
	Kind Kind
	Name string
	File *File
}

// Components is the plugin's inventory, as Claude Code's loader names it:
// commands by path under their root ("git/commit.md" is "git:commit"),
// skills by directory, agents by frontmatter name (else file name).
type Components struct {
	Plugin   string // the plugin's name: plugin.json "name", else the directory name
	Commands []Component
	Agents   []Component
	Skills   []Component
	byFile   map[*File]string
	byName   [3]map[string]*Component // commands, agents, skills
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
	for _, f := range p.Files {
		switch f.Kind {
		case KindCommand:
			c.Commands = append(c.Commands, Component{KindCommand, commandName(f.Path, roots), f})
		case KindAgent:
			name := strings.TrimSuffix(f.Base(), ".md")
			if n, ok := f.Frontmatter().String("name"); ok && n != "" {
				name = n
			}
			c.Agents = append(c.Agents, Component{KindAgent, name, f})
		case KindSkill:
			name := path.Base(f.Dir())
			if f.Dir() == "." {
				name = c.Plugin
				if n, ok := f.Frontmatter().String("name"); ok && n != "" {
					name = n
				}
			}
			c.Skills = append(c.Skills, Component{KindSkill, name, f})
		}
	}
	c.byFile = map[*File]string{}
	for i, list := range [][]Component{c.Commands, c.Agents, c.Skills} {
		c.byName[i] = map[string]*Component{}
		for j := range list {
			c.byFile[list[j].File] = list[j].Name
			if c.byName[i][list[j].Name] == nil {
				c.byName[i][list[j].Name] = &list[j]
			}
		}
	}
	return c
}

func commandName(rel string, roots []string) string {
	stem := strings.TrimSuffix(rel, ".md")
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

// Agent finds an agent by name (the first, if two share it).
func (c *Components) Agent(name string) *Component { return c.byName[1][name] }

// Command finds a command by name.
func (c *Components) Command(name string) *Component { return c.byName[0][name] }

// Skill finds a skill by name.
func (c *Components) Skill(name string) *Component { return c.byName[2][name] }

// NameOf is the runtime name of a command, agent or skill file ("" for others).
func (c *Components) NameOf(f *File) string { return c.byFile[f] }
