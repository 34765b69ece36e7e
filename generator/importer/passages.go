package importer

import (
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/source"
)

// passage is a block of a markdown file: a run of lines without a blank
// line between them, where a fenced code block counts as one run however
// many blank lines it holds. Dispatch blocks, their fallbacks and the
// paragraphs around them are passages of their own.
type passage struct {
	file  string
	line  int      // of its first line
	lines []string // as written
	key   []int    // its significant lines, normalised and interned, sorted
}

// normaliser maps a line to what copies of one template share: names of
// the plugin and its components, {placeholders}, quoted strings, file
// names and numbers become stand-ins, so that "spec-reviewer" reviewing
// "spec.md" and "design-reviewer" reviewing "design.md" read the same.
// It scans each line once by hand; a regexp per stand-in made the report
// ten times slower.
type normaliser struct {
	names map[string]bool
	ids   map[string]int
}

// trivial lines carry no content of their own: fences, brackets, table
// rules, lone list markers.
var trivial = lazyre.New("^[\\s`~{}\\[\\](),:;|*#>+=_-]*$")

// fileExt are the extensions that make a word a file name.
var fileExt = map[string]bool{"md": true, "json": true, "sh": true, "yaml": true, "yml": true, "py": true, "js": true, "ts": true}

func newNormaliser(names []string) *normaliser {
	n := &normaliser{names: map[string]bool{}, ids: map[string]int{}}
	for _, s := range names {
		n.names[s] = true
	}
	return n
}

// key returns the interned normal form of a line, or -1 for a line that
// carries nothing.
func (n *normaliser) key(line string) int {
	s := strings.TrimSpace(line)
	if trivial.MatchString(s) {
		return -1
	}
	s = n.normal(s)
	id, ok := n.ids[s]
	if !ok {
		id = len(n.ids)
		n.ids[s] = id
	}
	return id
}

func (n *normaliser) normal(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			if j := strings.IndexAny(s[i+1:], "{}"); j >= 0 && s[i+1+j] == '}' {
				b.WriteString("{}")
				i += j + 2
				continue
			}
		case c == '"' || c == '\'' && (i == 0 || !wordByte(s[i-1])): // not an apostrophe
			if j := strings.IndexByte(s[i+1:], c); j >= 0 {
				b.WriteString(`""`)
				i += j + 2
				continue
			}
		case wordByte(c):
			j := i
			for j < len(s) && wordByte(s[j]) {
				j++
			}
			w := strings.TrimRight(s[i:j], ".") // a full stop ends a sentence, not a name
			if w == "" {
				w = s[i:j]
			}
			b.WriteString(n.word(w))
			i += len(w)
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// word is the stand-in for one word: N for a name, F for a file name, the
// word with its digit runs as 0 otherwise.
func (n *normaliser) word(w string) string {
	if n.names[w] {
		return "N"
	}
	if dot := strings.LastIndexByte(w, '.'); dot > 0 && fileExt[w[dot+1:]] {
		return "F"
	}
	if strings.IndexAny(w, "0123456789") < 0 {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			if i == 0 || w[i-1] < '0' || w[i-1] > '9' {
				b.WriteByte('0')
			}
			continue
		}
		b.WriteByte(w[i])
	}
	return b.String()
}

// wordByte is a byte of a name-like word: ASCII letters and digits, '_',
// '-', '.', and every byte of a non-ASCII character.
func wordByte(c byte) bool {
	return c >= 0x80 || c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// passages splits one markdown file, skipping its frontmatter.
func (n *normaliser) passages(file, text string) []passage {
	lines := strings.Split(text, "\n")
	start := 0
	if front, ok := source.Frontmatter(text); ok {
		start = strings.Count(front, "\n") + 2
	}
	var out []passage
	var cur *passage
	fence := ""
	for i := start; i < len(lines); i++ {
		l := lines[i]
		if f := fenceRun(l); f != "" {
			switch {
			case fence == "":
				fence = f
			case f[0] == fence[0] && len(f) >= len(fence):
				fence = ""
			}
		} else if strings.TrimSpace(l) == "" && fence == "" {
			cur = nil
			continue
		}
		if cur == nil {
			out = append(out, passage{file: file, line: i + 1})
			cur = &out[len(out)-1]
		}
		cur.lines = append(cur.lines, l)
		if fenceRun(l) != "" {
			continue // a fence, with or without its language tag, is no content
		}
		if k := n.key(l); k >= 0 {
			cur.key = append(cur.key, k)
		}
	}
	for i := range out {
		sort.Ints(out[i].key)
	}
	return out
}

// fenceRun returns the ``` or ~~~ run that opens or closes a fence on this
// line, or "".
func fenceRun(l string) string {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return t[:n]
}

// shared counts the lines two sorted keys have in common, as multisets.
func shared(a, b []int) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}
