package render

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"text/template"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/source"
)

// PluginInfo is what templates know of the variant being rendered.
type PluginInfo struct {
	Name        string
	Version     string
	Description string
	Dialect     Dialect
}

// run is one variant's rendering of a loaded plugin.
type run struct {
	src    *source.Plugin
	set    *template.Template // the parsed templates, for measuring a prompt
	info   PluginInfo
	cmds   map[string]bool
	agents map[string]bool
	skills map[string]bool
}

func newRun(src *source.Plugin, info PluginInfo, set *template.Template) *run {
	n := src.Names()
	return &run{src: src, set: set, info: info, cmds: n.Commands, agents: n.Agents, skills: n.Skills}
}

// Page is the data every body template is executed with. Its methods check
// that what they name exists, so a dangling reference fails the build at
// the line that wrote it.
type Page struct {
	Plugin PluginInfo
	// Command is the command being rendered, for dispatch-site lookups.
	Command string
	run     *run
	// usedRoles records that roles.yaml shaped this file (provenance).
	usedRoles bool
	// out is the body's output while it executes; sites are the dispatch
	// sites recorded in it so far (see SiteBegin), siteDepth how many site
	// templates are executing.
	out       *bytes.Buffer
	sites     []openSite
	siteDepth int
}

// Cmd renders a slash-command reference: /<plugin>:<name>.
func (p *Page) Cmd(name string) (string, error) {
	if !p.run.cmds[name] {
		return "", fmt.Errorf("no command %q in plugin-src/commands (have %s)", name, list(p.run.cmds))
	}
	return "/" + p.Plugin.Name + ":" + name, nil
}

// Agent renders a subagent_type: <plugin>:<name>. Written as the value of
// a "subagent_type:" in a body's own words, it is a dispatch, and is
// recorded as a site of no roles.yaml table (see proseSite).
func (p *Page) Agent(name string) (string, error) {
	if !p.run.agents[name] {
		return "", fmt.Errorf("no agent %q in plugin-src/agents (have %s)", name, list(p.run.agents))
	}
	p.proseSite(name)
	return p.Plugin.Name + ":" + name, nil
}

// Skill renders a skill reference: <plugin>:<name>.
func (p *Page) Skill(name string) (string, error) {
	if !p.run.skills[name] {
		return "", fmt.Errorf("no skill %q in plugin-src/skills (have %s)", name, list(p.run.skills))
	}
	return p.Plugin.Name + ":" + name, nil
}

// Roles returns roles.yaml, recording that this file depends on it.
func (p *Page) roles() (*model.Roles, error) {
	if p.run.src.Roles == nil {
		return nil, fmt.Errorf("plugin-src/roles.yaml is missing but this file dispatches roles")
	}
	p.usedRoles = true
	return p.run.src.Roles, nil
}

func list(m map[string]bool) string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) > 8 {
		names = append(names[:8], "…")
	}
	return strings.Join(names, ", ")
}
