package rules

import (
	"regexp"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Which agent a dispatch block starts or continues.

// dpFiles lists the markdown files of the plugin with their dispatch blocks.
func dpFiles(p *snapshot.Plugin) []*dpFile {
	var out []*dpFile
	for _, f := range p.Files {
		if f.Kind.IsMarkdown() && f.Data != nil {
			out = append(out, dpParse(f))
		}
	}
	return out
}

// freshRoles lists the agents the file's fresh blocks dispatch, longest first.
func (df *dpFile) freshRoles() []string {
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
	dpKebabRE  = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	dpQuotedRE = regexp.MustCompile(`["']([a-z0-9]+(?:-[a-z0-9]+)+)["']`)
)

// Role is the agent a block dispatches or continues: the subagent_type of a
// fresh block; for a continued block, the fresh role of this file that its
// resume:/to: value names (e.g. resume_state["spec-reviewer"].agent_id), a
// bare agent name, or a single quoted kebab-case name. "" when unknown.
func (df *dpFile) Role(b *dpBlock) string { return b.role }

func (df *dpFile) roleOf(b *dpBlock) string {
	if !b.Continued() {
		return b.Agent()
	}
	v := b.Target()
	for _, r := range df.roles {
		if dpHasToken(v, r) {
			return r
		}
	}
	if u := dpUnquote(v); dpKebabRE.MatchString(u) && strings.Contains(u, "-") {
		return u
	}
	if m := dpQuotedRE.FindAllStringSubmatch(v, -1); len(m) == 1 {
		return m[0][1]
	}
	return ""
}

// dpHasToken reports whether s contains name not glued to other name characters.
func dpHasToken(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before, after := j == 0 || !dpNameChar(s[j-1]), j+len(name) == len(s) || !dpNameChar(s[j+len(name)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func dpNameChar(c byte) bool {
	return c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
