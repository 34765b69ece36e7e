package rules

import (
	"net/url"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var xrefRules2 = []lint.Rule{
	{
		ID: "XR005", Alias: "skill-reference-unknown", Family: famXRef, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "Skill(...) or agent skills: entry naming a skill the plugin does not ship",
		Doc: doc(`Skill(name) in allowed-tools or prose, and an agent's skills: list, name skills to
load. A name that is neither one of the plugin's skills (or commands) nor qualified with
another plugin's prefix loads nothing.`,
			"---\nname: writer\nskills: [pdf-tool]\n---   # the skill is skills/pdf/", "---\nname: writer\nskills: [pdf]\n---"),
		Check: func(pass *lint.Pass) {
			f := pass.File
			c := pass.Plugin.Components()
			check := func(at snapshot.Loc, name string) {
				prefix, bare := "", name
				if i := strings.LastIndexByte(name, ':'); i >= 0 {
					prefix, bare = name[:i], name[i+1:]
				}
				if (prefix == "" || prefix == c.Plugin) && c.Skill(bare) == nil && c.Command(bare) == nil {
					pass.Reportf(at, "fix the name or add the skill", "skill %q is not a skill of plugin %q", name, c.Plugin)
				}
			}
			for _, m := range facts.FindAll(skillCallRE, f.Data, "Skill(") {
				check(f.At(m[2]), string(f.Data[m[2]:m[3]]))
			}
			if f.Kind == snapshot.KindAgent {
				_, v := f.Frontmatter().Get("skills")
				items, nodes := facts.ScalarList(v)
				for i, s := range items {
					check(nodeLoc(f, nodes[i]), s)
				}
			}
		},
	},
	{
		ID: "XR006", Alias: "link-broken", Family: famXRef, Severity: lint.Error, Kinds: markdownKinds,
		Title: "relative markdown link to a file that does not exist",
		Doc: doc(`Skills and commands link reference files ("see [the guide](reference/guide.md)");
Claude follows the link by reading the file. A link to a missing file, or out of the plugin,
sends it to nothing.`, "[guide](refrence/guide.md)", "[guide](reference/guide.md)"),
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, l := range f.Markdown().Links {
				target, _, ok := localLink(f, l.Dest)
				if !ok || target == "" {
					continue
				}
				if escapes(target) {
					pass.Reportf(f.At(l.Offset), "copy the file into the plugin and link the copy", "link %q leaves the plugin", l.Dest)
				} else if pass.Plugin.File(target) == nil {
					pass.Reportf(f.At(l.Offset), "fix the link or add the file", "link %q points at %q, which does not exist", l.Dest, target)
				}
			}
		},
	},
	{
		ID: "XR007", Alias: "link-anchor-broken", Family: famXRef, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "markdown link to a heading anchor that does not exist",
		Doc: doc(`"#section" links (to this file or another markdown file of the plugin) must match
a heading's GitHub-style anchor; a renamed heading leaves the link pointing nowhere.`,
			"[setup](#instalation)\n## Installation", "[setup](#installation)\n## Installation"),
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, l := range f.Markdown().Links {
				target, frag, ok := localLink(f, l.Dest)
				if !ok || frag == "" || escapes(target) {
					continue
				}
				tf := f
				if target != "" {
					tf = pass.Plugin.File(target)
				}
				if tf == nil || !tf.Readable() || !strings.HasSuffix(tf.Path, ".md") {
					continue
				}
				if !hasAnchor(tf, frag) {
					pass.Reportf(f.At(l.Offset), "link to an existing heading", "link %q names no heading of %q", l.Dest, tf.Path)
				}
			}
		},
	},
}

// localLink resolves a link destination to a plugin path and fragment; ok
// is false for URLs, absolute paths and templated destinations. A pure
// fragment yields target "".
func localLink(f *snapshot.File, dest string) (target, frag string, ok bool) {
	if dest == "" || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") ||
		strings.HasPrefix(dest, "/") || strings.ContainsAny(dest, "{}$<>") || strings.Contains(dest, ":") && !strings.HasPrefix(dest, "#") {
		return "", "", false
	}
	p, frag, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	if p == "" {
		return "", frag, true
	}
	joined := path.Join(f.Dir(), p)
	if joined == ".." || strings.HasPrefix(joined, "../") {
		return "..", frag, true
	}
	return joined, frag, true
}

func hasAnchor(f *snapshot.File, frag string) bool {
	want := strings.ToLower(frag)
	counts := map[string]int{}
	for _, h := range f.Markdown().Headings {
		slug := h.Slug
		if n := counts[h.Slug]; n > 0 {
			slug = h.Slug + "-" + itoa(n)
		}
		counts[h.Slug]++
		if slug == want {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
