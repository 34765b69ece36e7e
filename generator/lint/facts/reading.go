package facts

import (
	"bytes"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/internal/parallel"
	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// ToldToRead answers "is the model told to read this document?" for every
// file of a plugin. Claude Code puts a component's body in front of the
// model (a command, an agent, a SKILL.md, an output style); any other file
// reaches the model only when a text it already reads sends it there: a
// markdown link, a ${CLAUDE_PLUGIN_ROOT}/… or ${CLAUDE_SKILL_DIR}/… path,
// or a plain path or file name ("read references/api.md", "each phase runs
// by skills/phases/<phase>/SKILL.md", "see forms.md"). A reference file
// nothing names that way is never opened, so what it says (a dead "see
// also" link, a name it quotes) has no consequence in Claude Code.
//
// This is narrower than snapshot.Plugin.Loaded, which keeps every file in
// a skill directory because a skill may use it by a path no linter can
// resolve; a rule reporting an error asks ToldToRead, a rule reporting a
// portability warning may keep Loaded.
var ToldToRead = lint.NewPluginAnalysis("told-to-read", "the files the model is told to read: component bodies and what they name, transitively",
	nil, func(in *lint.Input) map[*snapshot.File]bool { return toldToRead(in.Plugin) })

func toldToRead(p *snapshot.Plugin) map[*snapshot.File]bool {
	read := map[*snapshot.File]bool{}
	byBase := map[string][]*snapshot.File{}
	var queue []*snapshot.File
	for _, f := range p.Files {
		if !f.IsRegular() {
			continue
		}
		byBase[strings.ToLower(f.Base())] = append(byBase[strings.ToLower(f.Base())], f)
		// Components are read; so is a loaded file outside every skill
		// (an output style, a file hooks or the manifest name): only a
		// skill's own files are left to be reached by what names them.
		if f.Kind == snapshot.KindCommand || f.Kind == snapshot.KindAgent || f.Kind == snapshot.KindSkill ||
			p.Loaded(f) && p.SkillDirOf(f.Path) == "" {
			read[f] = true
			queue = append(queue, f)
		}
	}
	for _, w := range p.Components().Workflows {
		if !read[w.File] {
			read[w.File] = true
			queue = append(queue, w.File)
		}
	}
	mark := func(g *snapshot.File) {
		if g != nil && !read[g] {
			read[g] = true
			queue = append(queue, g)
		}
	}
	seen := map[string]bool{} // directory and mention, already followed
	// The files are followed a round at a time: what each file of a round
	// names (its links, a markdown parse; its path mentions, a scan of its
	// text) is found in parallel, and then marked in order. What is read
	// is a closure, so the rounds change nothing in it; in a large plugin
	// the parses were most of this analysis, and every rule that asks it
	// waited for them one file after another.
	for len(queue) > 0 {
		round := queue
		queue = nil
		named := make([]toldNames, len(round))
		parallel.Each(len(round), func(i int) { named[i] = namesIn(round[i]) })
		for i, f := range round {
			for j, l := range named[i].links {
				markLink(p, f, l, named[i].dests[j], read, mark)
			}
			for j, m := range named[i].mentions {
				// What a mention names depends on the mention and on the
				// directory it is in (its skill is that directory's), and
				// marking is idempotent: a pair seen before adds nothing. A
				// plugin repeats its paths; in upstream iflow this skips most
				// of the matching against every file name.
				key := f.Dir() + "\x00" + m
				if seen[key] {
					continue
				}
				// Whether the text sends the model there (SendingAt, a
				// quarter of this analysis when it was asked first) matters
				// only if the mention names a file not yet read; what is read
				// only grows, so a mention that names none now never will.
				gs := mentioned(p, f, m, byBase)
				if !anyUnread(gs, read) {
					seen[key] = true
					continue
				}
				if f.Kind.IsMarkdown() && SendingAt(f, named[i].offs[j]) == Pointer {
					continue // "see full docs: README.md": the model is not sent there
				}
				seen[key] = true
				for _, g := range gs {
					mark(g)
				}
			}
		}
	}
	return read
}

// anyUnread reports whether one of fs is not yet in read.
func anyUnread(fs []*snapshot.File, read map[*snapshot.File]bool) bool {
	for _, g := range fs {
		if !read[g] {
			return true
		}
	}
	return false
}

// toldNames is what one file may send the model to: its markdown links
// with their destinations (without a fragment; none to another site) and
// its plain path mentions with their offsets (none on a line that only
// says where the text came from). Whether a link or mention sends the
// model there (LinkSending, SendingAt) is asked when it is marked, and
// only if it would mark something new.
type toldNames struct {
	links    []snapshot.Link
	dests    []string
	mentions []string
	offs     []int
}

func namesIn(f *snapshot.File) (n toldNames) {
	if f.Kind.IsMarkdown() || strings.HasSuffix(f.Path, ".md") {
		for _, l := range f.Markdown().Links() {
			dest, _, _ := strings.Cut(l.Dest, "#")
			if dest == "" || strings.Contains(dest, "://") {
				continue
			}
			n.links = append(n.links, l)
			n.dests = append(n.dests, dest)
		}
	}
	ms, offs := pathMentionsAt(f.Data)
	for i, m := range ms {
		if sourceNote(f.Data, offs[i]) {
			continue // "Generated from rules/*.md": where the text came from, not what to read
		}
		n.mentions = append(n.mentions, m)
		n.offs = append(n.offs, offs[i])
	}
	return n
}

// sourceNote reports whether the line at off says where its text came
// from ("Generated from `rules/*.md` by build.mjs", "Adapted from
// notes.md"): a provenance line (ReadingAt) names a source, and does not
// send the model to it.
func sourceNote(d []byte, off int) bool {
	line := bytes.TrimLeft(d[lineStartAt(d, off):lineEnd(d, off)], " \t>*-+0123456789.)")
	return provenanceStart(line) && provenanceRE.Match(line)
}

// provenanceStart is the cheap test in front of provenanceRE, which is
// tried on the line of every path mention: each of its matches starts,
// after any "*", with the first letter of one of its words (based,
// adapted, derived, generated, copied, ported, inspired, credit,
// original), in either case; none of those letters is one (?i) matches
// with a non-ASCII rune.
func provenanceStart(line []byte) bool {
	line = bytes.TrimLeft(line, "*")
	return len(line) > 0 && strings.IndexByte(provenanceFirst, lowerASCII(line[0])) >= 0
}

// provenanceFirst: the first letters of provenanceRE's words.
const provenanceFirst = "badgcpio"

// mentionExts are the extensions of files a plugin reads or runs; a
// plain path or file name ending in one is a mention ("references/api.md",
// "./scripts/x.sh", "skills/<phase>/SKILL.md").
var mentionExts = []string{"md", "mdx", "txt", "json", "yaml", "yml", "toml", "sh", "bash", "py", "js", "mjs", "cjs", "ts", "html", "csv", "xml"}

// pathMentions lists the plain paths and file names in d that end in one
// of mentionExts. Segments may be placeholders (<phase>, {name}, *). It
// finds each "." and reads the path around it, in one pass (a regexp
// without a literal prefix was most of a large plugin's lint).
func pathMentions(d []byte) []string {
	out, _ := pathMentionsAt(d)
	return out
}

// pathMentionsAt is pathMentions with the offset of each mention.
func pathMentionsAt(d []byte) ([]string, []int) {
	var out []string
	var offs []int
	for i := 0; i < len(d); i++ {
		if d[i] != '.' || i == 0 || !pathByte(d[i-1]) {
			continue
		}
		ext := ""
		for _, e := range mentionExts {
			if end := i + 1 + len(e); end <= len(d) && string(d[i+1:end]) == e && (end == len(d) || !wordByte(d[end])) {
				if len(e) > len(ext) {
					ext = e
				}
			}
		}
		if ext == "" {
			continue
		}
		s := i
		for s > 0 && (pathByte(d[s-1]) || d[s-1] == '/') {
			s--
		}
		for s < i && d[s] == '/' {
			s++
		}
		m := string(d[s : i+1+len(ext)])
		if strings.HasPrefix(m, "{CLAUDE_") { // ${CLAUDE_PLUGIN_ROOT}/x, ${CLAUDE_SKILL_DIR}/x: the rest is the path
			if _, rest, ok := strings.Cut(m, "}/"); ok {
				m = rest
			}
		}
		out = append(out, m)
		offs = append(offs, s)
		i += len(ext)
	}
	return out, offs
}

// pathByte: a byte a path segment (or a placeholder segment) may hold.
func pathByte(c byte) bool {
	return wordByte(c) || c == '.' || c == '-' || c == '@' || c == '*' || c == '{' || c == '}' || c == '<' || c == '>'
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// placeholderSegRE is a path segment that stands for any name.
var placeholderSegRE = lazyre.New(`<[^/<>]+>|\{[^/{}]+\}`)

// mentioned lists the files of p that the mention m in f names. A mention
// with a directory matches the files whose path ends with it (placeholder
// segments match any one segment); a bare file name matches its namesake
// when only one file has that name, else the one beside f or at the root
// of f's skill.
func mentioned(p *snapshot.Plugin, f *snapshot.File, m string, byBase map[string][]*snapshot.File) []*snapshot.File {
	m = strings.TrimPrefix(m, "./")
	pattern := m
	if strings.ContainsAny(m, "<{") { // the only way a placeholder starts
		pattern = placeholderSegRE.ReplaceAllString(m, "*")
	}
	base := strings.ToLower(path.Base(pattern))
	var cands []*snapshot.File
	if strings.Contains(base, "*") {
		suffix, plain := strings.CutPrefix(base, "*")
		plain = plain && !strings.ContainsAny(suffix, `*?[\`)
		for b, fs := range byBase {
			// "*.md", the usual placeholder name, is a suffix test; a base
			// name holds no "/" for "*" to stop at.
			var ok bool
			if plain {
				ok = strings.HasSuffix(b, suffix)
			} else {
				ok, _ = path.Match(base, b)
			}
			if ok {
				cands = append(cands, fs...)
			}
		}
	} else {
		cands = byBase[base]
	}
	if !strings.Contains(pattern, "/") {
		if len(cands) == 1 {
			return cands
		}
		var out []*snapshot.File
		skill := p.SkillDirOf(f.Path)
		for _, g := range cands {
			if g.Dir() == f.Dir() || skill != "" && g.Dir() == skill {
				out = append(out, g)
			}
		}
		return out
	}
	segs := strings.Split(strings.ToLower(pattern), "/")
	var out []*snapshot.File
	for _, g := range cands {
		gs := strings.Split(strings.ToLower(g.Path), "/")
		if len(gs) < len(segs) {
			continue
		}
		ok := true
		for i, s := range segs {
			if s == ".." || s == "." {
				continue
			}
			if m, _ := path.Match(s, gs[len(gs)-len(segs)+i]); !m {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, g)
		}
	}
	return out
}
