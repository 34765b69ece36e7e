package facts

import (
	"path"
	"strings"
	"unicode"

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

// LinkTextNamesFile answers "does the link's text name a file the plugin
// ships, though its destination is off?" In "[src/analyze.py](../src/analyze.py)"
// the text is the path from the skill's base directory, which the model is
// given, and the file is there: the model reads the text and gets to the
// file.
func LinkTextNamesFile(p *snapshot.Plugin, f *snapshot.File, l snapshot.Link) bool {
	return linkTextFile(p, f, l) != ""
}

// linkTextFile is the shipped file LinkTextNamesFile finds ("" if none).
func linkTextFile(p *snapshot.Plugin, f *snapshot.File, l snapshot.Link) string {
	if l.Empty || l.Offset < 0 || l.Offset >= len(f.Data) {
		return ""
	}
	rest := f.Data[l.Offset:]
	if rest[0] == '[' {
		rest = rest[1:] // the offset may be the bracket's, not the text's
	}
	i := strings.Index(string(rest[:min(len(rest), 300)]), "](")
	if i <= 0 {
		return ""
	}
	text := strings.Trim(string(rest[:i]), "`*_ ")
	if text == "" || strings.ContainsAny(text, " \t\n[]") || !strings.Contains(text, "/") && path.Ext(text) == "" {
		return ""
	}
	for _, dir := range []string{f.Dir(), p.SkillDirOf(f.Path)} {
		if dir == "" {
			continue
		}
		if g := p.File(path.Join(dir, text)); g != nil && !strings.HasPrefix(path.Join(dir, text), "../") {
			return g.Path
		}
	}
	return ""
}

// NearTarget answers "does the plugin ship the file a dead link meant,
// under a slightly different path?" The link's folders, each read without
// case and a plural s ("reference/" for "references/", "Examples/" for
// "examples/"), and its file name match a shipped file: a renamed folder
// left the link behind, and the file is there for a reader or the model
// to find. A file the plugin does not ship at all is not near anything.
func NearTarget(p *snapshot.Plugin, target string) bool {
	want := nearKey(target)
	for _, g := range p.Files {
		if g.Path != target && path.Base(g.Path) == path.Base(target) && nearKey(g.Path) == want {
			return true
		}
	}
	return false
}

func nearKey(p string) string {
	segs := strings.Split(strings.ToLower(p), "/")
	for i := range segs[:len(segs)-1] {
		segs[i] = strings.TrimSuffix(segs[i], "s")
	}
	return strings.Join(segs, "/")
}

// NearComponent answers "is this unknown name an out-of-date spelling of
// a component the plugin ships?" A skill in skills/git-commit of plugin
// git registers as "git:git-commit"; text written for "git:commit" names
// it the old way. The name matches when a command, skill or agent is
// called "<plugin>-<name>" or "<name>" with case, blanks, dashes and
// underscores ignored (as the agent lookup forgives them).
func NearComponent(c *snapshot.Components, name string) bool {
	want := foldName(name)
	for _, list := range [][]snapshot.Component{c.Commands, c.Skills, c.Agents} {
		for _, x := range list {
			if n := foldName(x.Name); n == want || n == foldName(c.Plugin)+want {
				return true
			}
		}
	}
	return false
}

func foldName(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', ' ':
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}
