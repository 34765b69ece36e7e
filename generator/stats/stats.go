package stats

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/render"
	"github.com/plugforge/plugforge/generator/source"
)

// MinCacheTokens is the smallest prefix Sonnet-class models cache.
const MinCacheTokens = 1024

// Tokens estimates the tokens of a text.
func Tokens(s string) int { return (len(s) + 3) / 4 }

// Component is one entry of the start-up listing.
type Component struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Chars  int    `json:"chars"`
	Tokens int    `json:"tokens"`
	// OnInvoke estimates the rendered body, paid each time it is used.
	OnInvoke int    `json:"on_invoke_tokens"`
	path     string // the rendered file, for OnInvoke
}

// Site is one dispatch site's fresh prompt.
type Site struct {
	Command      string `json:"command"`
	Role         string `json:"role"`
	SystemTokens int    `json:"system_prompt_tokens"` // the agent body, cached separately
	PrefixTokens int    `json:"stable_prefix_tokens"`
	SuffixTokens int    `json:"dynamic_suffix_tokens"`
	// Cacheable: system prompt plus stable prefix reach MinCacheTokens.
	Cacheable bool `json:"cacheable"`
}

// Reuse compares what is written by hand with what is rendered from it.
type Reuse struct {
	Files         []string `json:"files"`
	Sources       []string `json:"sources"`
	SourceLines   int      `json:"source_lines"`
	RenderedLines int      `json:"rendered_lines"`
	Ratio         float64  `json:"ratio"`
}

// Report is the figures of one variant.
type Report struct {
	Variant       string      `json:"variant"`
	AlwaysOn      []Component `json:"always_on"`
	AlwaysOnTotal int         `json:"always_on_tokens"`
	Budget        int         `json:"always_on_budget,omitempty"`
	Sites         []Site      `json:"dispatch_sites"`
	Reuse         Reuse       `json:"reuse"`
}

// File is a rendered file with its recorded sources.
type File struct {
	Path    string
	Data    []byte
	Sources []string
}

// AlwaysOn lists what Claude Code puts in context at start-up for a
// variant: every command, skill and agent name with its description, except
// those hidden from the model (disable-model-invocation).
func AlwaysOn(src *source.Plugin, plugin string) ([]Component, int) {
	var out []Component
	add := func(kind, name, desc, path string) {
		text := plugin + ":" + name + ": " + desc
		out = append(out, Component{Kind: kind, Name: name, Chars: len(text), Tokens: Tokens(text), path: path})
	}
	for _, c := range src.Commands {
		if !c.Meta.DisableModelInvocation {
			add("command", c.Name, c.Meta.Description, model.CommandPath(c.Name))
		}
	}
	for _, s := range src.Skills {
		if !s.Meta.DisableModelInvocation {
			add("skill", s.Name, s.Meta.Description, model.SkillPath(s.Name))
		}
	}
	for _, a := range src.Agents {
		add("agent", a.Name, a.Meta.Description, model.AgentPath(a.Name))
	}
	total := 0
	for _, c := range out {
		total += c.Tokens
	}
	return out, total
}

// CheckBudget fails when a variant's always-on cost exceeds the budget
// declared in plugin.yaml.
func CheckBudget(src *source.Plugin, plugin string) error {
	budget := src.Manifest.Budgets.AlwaysOnTokens
	if budget == 0 {
		return nil
	}
	comps, total := AlwaysOn(src, plugin)
	if total <= budget {
		return nil
	}
	sort.Slice(comps, func(i, j int) bool { return comps[i].Tokens > comps[j].Tokens })
	return fmt.Errorf("%s/plugin.yaml: always-on context of %s is ~%d tokens, over budgets.always_on_tokens (%d); the largest is %s %q (~%d tokens): shorten descriptions or raise the budget",
		src.Dir, plugin, total, budget, comps[0].Kind, comps[0].Name, comps[0].Tokens)
}

// Compute builds the report of one rendered variant.
func Compute(src *source.Plugin, prep *render.Prepared, info render.PluginInfo, files []File) (*Report, error) {
	r := &Report{Variant: info.Name, Budget: src.Manifest.Budgets.AlwaysOnTokens}
	r.AlwaysOn, r.AlwaysOnTotal = AlwaysOn(src, info.Name)
	bodies := map[string]string{}
	for _, f := range files {
		bodies[f.Path] = body(f.Data)
	}
	for i, c := range r.AlwaysOn {
		r.AlwaysOn[i].OnInvoke = Tokens(bodies[c.path])
	}
	prompts, err := prep.SitePrompts(info)
	if err != nil {
		return nil, err
	}
	for _, p := range prompts {
		s := Site{Command: p.Command, Role: p.Role, SystemTokens: Tokens(bodies[model.AgentPath(p.Agent)]),
			PrefixTokens: Tokens(p.Prefix), SuffixTokens: Tokens(p.Suffix)}
		s.Cacheable = s.SystemTokens+s.PrefixTokens >= MinCacheTokens
		r.Sites = append(r.Sites, s)
	}
	r.Reuse = reuse(src, files)
	return r, nil
}

// reuse measures the files rendered from role data (the skeleton users):
// non-blank lines of everything that produced them over the non-blank lines
// they render to.
func reuse(src *source.Plugin, files []File) Reuse {
	var r Reuse
	seen := map[string]bool{}
	rolesPath := src.Dir + "/roles.yaml"
	for _, f := range files {
		if !slices.Contains(f.Sources, rolesPath) {
			continue
		}
		r.Files = append(r.Files, f.Path)
		r.RenderedLines += nonBlank(f.Data)
		for _, s := range f.Sources {
			seen[s] = true
		}
	}
	for s := range seen {
		r.Sources = append(r.Sources, s)
	}
	sort.Strings(r.Sources)
	return r
}

// body drops a rendered file's frontmatter.
func body(b []byte) string {
	s := string(b)
	if strings.HasPrefix(s, "---\n") {
		if i := strings.Index(s[4:], "\n---\n"); i >= 0 {
			return s[4+i+5:]
		}
	}
	return s
}

func nonBlank(b []byte) int {
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// CountSources fills the source side of the reuse figures; lookup returns
// a source's bytes (plugin-src or templates).
func (r *Reuse) CountSources(lookup func(string) []byte) {
	r.SourceLines = 0
	for _, s := range r.Sources {
		r.SourceLines += nonBlank(lookup(s))
	}
	if r.RenderedLines > 0 {
		r.Ratio = float64(r.SourceLines) / float64(r.RenderedLines)
	}
}
