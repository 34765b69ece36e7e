package facts

import (
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/internal/parallel"
	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Which agent a dispatch block starts or continues.

// PluginDispatches lists the plugin's markdown files with their dispatch
// blocks, in path order.
var PluginDispatches = lint.NewPluginAnalysis("plugin-dispatches",
	"the dispatch view (Dispatches) of every markdown file of the plugin",
	[]lint.Analyzer{Dispatches}, func(in *lint.Input) []*DispatchFile {
		var md []*snapshot.File
		for _, f := range in.Plugin.Files {
			if f.Kind.IsMarkdown() && f.Data != nil {
				md = append(md, f)
			}
		}
		out := make([]*DispatchFile, len(md))
		parallel.Each(len(md), func(i int) { out[i] = Dispatches.Of(in, md[i]) })
		return out
	})

// freshRoles lists the agents the file's fresh blocks dispatch, longest first.
func (df *DispatchFile) freshRoles() []string {
	seen := map[string]bool{}
	var out []string
	for _, b := range df.Blocks {
		if a := b.Agent(); b.Fresh() && a != "" && !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

var (
	kebabRE  = lazyre.New(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	quotedRE = lazyre.New(`["']([a-z0-9]+(?:-[a-z0-9]+)+)["']`)
)

// Role is the agent a block dispatches or continues: the subagent_type of a
// fresh block; for a continued block, the fresh role of this file that its
// resume:/to: value names (e.g. resume_state["spec-reviewer"].agent_id), a
// bare agent name, or a single quoted kebab-case name. "" when unknown.
func (df *DispatchFile) Role(b *Block) string { return b.role }

func (df *DispatchFile) roleOf(b *Block) string {
	if !b.Continued() {
		return b.Agent()
	}
	v := b.Target()
	for _, r := range df.roles {
		if hasToken(v, r) {
			return r
		}
	}
	if u := Unquote(v); kebabRE.MatchString(u) && strings.Contains(u, "-") {
		return u
	}
	if m := quotedRE.FindAllStringSubmatch(v, -1); len(m) == 1 {
		return m[0][1]
	}
	return ""
}

// hasToken reports whether s contains name not glued to other name characters.
func hasToken(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before, after := j == 0 || !isNameByte(s[j-1]), j+len(name) == len(s) || !isNameByte(s[j+len(name)])
		if before && after {
			return true
		}
		i = j + 1
	}
}
