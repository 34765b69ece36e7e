package facts

import (
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// NotLink answers "did the author write a link here?" for a link
// CommonMark finds in f, where the answer is no though the syntax says
// yes: array or call notation followed by a parenthetical,
// "boost[](brand + topic)" in a table of keys, parses as a link with no
// text to "brand+topic". A link the author means has text to show; an
// empty one glued to the word before it is that word's "[]".
func NotLink(f *snapshot.File, l snapshot.Link) bool {
	if !l.Empty || l.Offset <= 0 || l.Offset >= len(f.Data) || f.Data[l.Offset] != '[' {
		return false
	}
	return isNameByte(f.Data[l.Offset-1])
}

// WebPageLink answers "is this relative link a page of the web site the
// document was copied from?" A document pasted from a documentation site
// keeps the site's own links: root-relative ones ("/docs/reference/x"),
// which lint never takes for files, and relative ones to sibling pages
// ("./prompts", "../guides/streaming"), which have no file extension. In
// a document with at least one root-relative link, an extensionless
// relative link is read as such a page, not as a file of the plugin.
func WebPageLink(f *snapshot.File, dest string) bool {
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if p == "" || strings.HasSuffix(p, "/") || path.Ext(p) != "" || strings.HasPrefix(p, "/") {
		return false
	}
	for _, l := range f.Markdown().Links() {
		if strings.HasPrefix(l.Dest, "/") && !strings.HasPrefix(l.Dest, "//") {
			return true
		}
	}
	return false
}

// ForContributors answers "is this document written for the people who
// work on the plugin rather than for the model?": a licence, notice,
// contributing guide, code of conduct, security policy, governance or
// authors file (LICENSE, CONTRIBUTING.md, CODE_OF_CONDUCT.md, SECURITY.md,
// …) that is neither a component nor a file of a skill (a skill's
// references/security.md is for the model). A skill may link one ("see our
// security policy"), but its own links lead contributors to the
// repository's pages and tooling, where a missing target costs the model
// nothing.
func ForContributors(p *snapshot.Plugin, f *snapshot.File) bool {
	if f.Kind.IsComponent() || p.SkillDirOf(f.Path) != "" {
		return false
	}
	b := strings.ToUpper(f.Base())
	if i := strings.IndexByte(b, '.'); i > 0 {
		b = b[:i]
	}
	switch strings.ReplaceAll(b, "-", "_") {
	case "LICENSE", "LICENCE", "COPYING", "NOTICE", "CONTRIBUTING", "CODE_OF_CONDUCT", "SECURITY",
		"GOVERNANCE", "AUTHORS", "CONTRIBUTORS", "MAINTAINERS", "CODEOWNERS":
		return true
	}
	return false
}
