package stats

import (
	"slices"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/render"
)

// MinCacheTokens is the smallest prefix Sonnet-class models cache.
const MinCacheTokens = 1024

// Component is one entry of the start-up listing.
type Component struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Chars  int    `json:"chars"`
	Tokens int    `json:"tokens"`
	// OnInvoke estimates the rendered body, paid each time it is used.
	OnInvoke int `json:"on_invoke_tokens"`
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

// Reports reports on every variant of a plan, in plan order.
func Reports(plan *pipeline.Plan) []*Report {
	var reports []*Report
	for _, out := range plan.Outputs {
		reports = append(reports, Compute(plan, out))
	}
	return reports
}

// Compute reports on one variant of a plan, from what was rendered: the
// files, and the dispatch sites the render recorded in them.
func Compute(plan *pipeline.Plan, out pipeline.Output) *Report {
	r := &Report{Variant: out.Info.Name, Budget: plan.Plugin.Manifest.Budgets.AlwaysOnTokens}
	bodies := map[string]string{}
	for _, f := range out.Rendered {
		bodies[f.Path] = body(f.Data)
	}
	for _, l := range pipeline.Listing(plan.Plugin, out.Info.Name) {
		c := Component{Kind: l.Kind, Name: l.Name, Chars: len(l.Text), Tokens: pipeline.Tokens(l.Text), OnInvoke: pipeline.Tokens(bodies[l.Path])}
		r.AlwaysOn = append(r.AlwaysOn, c)
		r.AlwaysOnTotal += c.Tokens
	}
	r.Sites = sites(out.Rendered, bodies)
	r.Reuse = reuse(plan.Plugin.Dir, out.Rendered, plan.Lookup)
	return r
}

// sites lists the fresh dispatch of every roles.yaml site the variant
// renders, in component then role order. A dispatch a body writes in its
// own words has no prompt template to measure.
func sites(files []render.File, bodies map[string]string) []Site {
	seen := map[[2]string]bool{}
	var out []Site
	for _, f := range files {
		for _, s := range f.Sites {
			key := [2]string{s.Component, s.Role}
			if s.Kind != model.Fresh || s.Role == "" || seen[key] {
				continue
			}
			seen[key] = true
			site := Site{Command: s.Component, Role: s.Role, SystemTokens: pipeline.Tokens(bodies[model.AgentPath(s.Agent)]),
				PrefixTokens: pipeline.TokensIn(s.Prompt.Stable), SuffixTokens: pipeline.TokensIn(s.Prompt.Dynamic)}
			site.Cacheable = site.SystemTokens+site.PrefixTokens >= MinCacheTokens
			out = append(out, site)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Command != out[j].Command {
			return out[i].Command < out[j].Command
		}
		return out[i].Role < out[j].Role
	})
	return out
}

// reuse measures the files rendered from role data (the skeleton users):
// non-blank lines of everything that produced them over the non-blank lines
// they render to; lookup returns a source's bytes.
func reuse(srcDir string, files []render.File, lookup func(string) []byte) Reuse {
	var r Reuse
	seen := map[string]bool{}
	rolesPath := srcDir + "/roles.yaml"
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
	for _, s := range r.Sources {
		r.SourceLines += nonBlank(lookup(s))
	}
	if r.RenderedLines > 0 {
		r.Ratio = float64(r.SourceLines) / float64(r.RenderedLines)
	}
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
