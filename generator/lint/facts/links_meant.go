package facts

import (
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// LinkMeant answers "does the model still reach what this dead link
// names?" and says what it meant. A link whose destination is off still
// costs the model nothing when what the link names is at hand another
// way:
//
//   - its text is the path of a file the plugin ships, from the file or
//     its skill's base directory ("[src/analyze.py](../src/analyze.py)");
//   - its text names a skill, agent or command the plugin ships
//     ("[react-forms](skills/react-forms/SKILL.md)", "the [`forms`
//     skill](…)"): the model is given components by name and loads them
//     by name, not by path;
//   - its destination, read from the plugin's root instead of the file's
//     folder, is a file the plugin ships ("skills/x/SKILL.md" written
//     inside skills/y/): the author wrote the path from the root;
//   - it leaves the plugin for a folder of the component its text names
//     ("the [`frontmatter` skill](../../meta/skills/frontmatter/)", a
//     sibling plugin's skill): the link can never work once installed,
//     and the text points at a skill, which is loaded by name;
//   - in a reference file (not a component: the model reaches it only by
//     a pointer from another file), its file name ships in the same
//     folder under one prefixed name ("./TYPE-SYSTEM.md" where
//     "INT-TYPE-SYSTEM.md" ships, "references/AGENT-AND-TOOLS.md" written
//     inside references/ where "ADK-AGENT-AND-TOOLS.md" ships): the
//     pages were merged into one folder and renamed, and the model, which
//     reads the folder's listing, finds the one page the name can mean.
//
// meant is the shipped file it meant, or "skill NAME" for a component
// outside the plugin; "" when the link names nothing reachable.
func LinkMeant(p *snapshot.Plugin, f *snapshot.File, l snapshot.Link) string {
	if g := linkTextFile(p, f, l); g != "" {
		return g
	}
	text := linkText(f, l)
	name, noun := componentOfText(text)
	if name != "" && destNamesComponent(l.Dest, name) {
		c := p.Components()
		for _, x := range []*snapshot.Component{c.Skill(name), c.Agent(name), c.Command(name)} {
			if x != nil && x.File != nil {
				return x.File.Path
			}
		}
	}
	dest, _, _ := strings.Cut(l.Dest, "#")
	dest, _, _ = strings.Cut(dest, "?")
	if rel := path.Clean(strings.TrimPrefix(dest, "./")); rel != "." && !strings.HasPrefix(rel, "../") && rel != path.Join(f.Dir(), dest) {
		if p.File(rel) != nil {
			return rel
		}
	}
	joined := path.Join(f.Dir(), dest)
	if g := renamedSibling(p, f, joined); g != "" {
		return g
	}
	if name != "" && noun && (joined == ".." || strings.HasPrefix(joined, "../")) && destNamesComponent(dest, name) {
		return "skill " + name
	}
	return ""
}

// destNamesComponent reports whether a link destination is written as
// the place of the component name: its folder ("…/forms/",
// "…/forms/SKILL.md") or its file in an agents or commands folder
// ("agents/forms.md"). "[forms](reference/forms.md)" links a reference
// page that shares a skill's name; it does not mean the skill.
func destNamesComponent(dest, name string) bool {
	d, _, _ := strings.Cut(dest, "#")
	d, _, _ = strings.Cut(d, "?")
	switch {
	case strings.HasSuffix(d, "/"):
		d = strings.TrimSuffix(d, "/")
	case path.Base(d) == "SKILL.md":
		d = path.Dir(d)
	case path.Ext(d) == ".md" && (path.Base(path.Dir(d)) == "agents" || path.Base(path.Dir(d)) == "commands"):
		d = strings.TrimSuffix(d, ".md")
	default:
		return false
	}
	return foldName(path.Base(d)) == foldName(name)
}

// linkText is the text of the link l, without its brackets ("" for an
// empty link or one lint cannot find).
func linkText(f *snapshot.File, l snapshot.Link) string {
	if l.Empty || l.Offset < 0 || l.Offset >= len(f.Data) {
		return ""
	}
	rest := f.Data[l.Offset:]
	if rest[0] == '[' {
		rest = rest[1:]
	}
	i := strings.Index(string(rest[:min(len(rest), 300)]), "](")
	if i <= 0 {
		return ""
	}
	return strings.Trim(string(rest[:i]), "`*_ ")
}

// componentOfText reads a link's text as a component's name: the bare
// name ("react-forms"), or one the text presents with a component noun
// ("the `forms` skill", "forms agent"); noun says a noun presented it.
func componentOfText(text string) (name string, noun bool) {
	words := strings.Fields(strings.NewReplacer("`", "", "*", "").Replace(text))
	if len(words) > 0 && strings.EqualFold(words[0], "the") {
		words = words[1:]
	}
	if len(words) == 2 && componentNounRE.MatchString(words[1]) {
		words, noun = words[:1], true
	}
	if len(words) != 1 || !nameShaped(words[0]) {
		return "", false
	}
	return words[0], noun
}

// nameShaped: a component name's characters, at least one dash or
// underscore or a lower-case word (not a sentence, not a path).
func nameShaped(w string) bool {
	if w == "" || strings.ContainsAny(w, "/.") {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == ':') {
			return false
		}
	}
	return true
}

// renamedSibling is the one shipped file of the folder of the reference
// file f, or of the link's own folder, whose name is the dead target's
// name under a prefix ("INT-" + "TYPE-SYSTEM.md"); "" when there is none
// or more than one. Only a reference file's links count: a component's
// link is read as a step, and a step must name its file exactly.
func renamedSibling(p *snapshot.Plugin, f *snapshot.File, joined string) string {
	base := path.Base(joined)
	if f.Kind.IsComponent() || path.Ext(base) == "" || strings.HasPrefix(joined, "../") {
		return ""
	}
	found := ""
	for _, dir := range []string{path.Dir(joined), f.Dir()} {
		for _, g := range p.Files {
			b := path.Base(g.Path)
			if path.Dir(g.Path) != dir || len(b) <= len(base)+1 || !strings.HasSuffix(b, base) {
				continue
			}
			if c := b[len(b)-len(base)-1]; c != '-' && c != '_' {
				continue
			}
			if found != "" && found != g.Path {
				return ""
			}
			found = g.Path
		}
		if found != "" {
			return found
		}
	}
	return ""
}
