package suppress

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Scope is how far a directive reaches.
type Scope int

const (
	NextLine  Scope = iota // plugforge-disable-next-line: the line after the comment
	SameLine               // plugforge-disable-line: the comment's own line
	WholeFile              // plugforge-disable-file: every line, and the file as a whole
	Block                  // plugforge-disable … plugforge-enable: the lines between
	Enable                 // plugforge-enable: closes Block directives
)

var verbs = map[string]Scope{
	"plugforge-disable-next-line": NextLine,
	"plugforge-disable-line":      SameLine,
	"plugforge-disable-file":      WholeFile,
	"plugforge-disable":           Block,
	"plugforge-enable":            Enable,
}

// Name is one rule name as written in a directive.
type Name struct {
	Text string
	Col  int // 1-based code point column in the file
}

// Directive is one suppression comment.
type Directive struct {
	Line, Col int    // position of the directive word
	Verb      string // as written, e.g. "plugforge-disable-next-line"
	Scope     Scope
	Names     []Name
	Reason    string
	// From and To are the lines covered (inclusive); To is -1 for "to the
	// end of the file". WholeFile also covers line 0.
	From, To int
	// Problem says why the directive is malformed ("" when it is not); a
	// malformed directive suppresses nothing.
	Problem string
}

// Covers reports whether the directive reaches line n (0 = the whole file).
func (d *Directive) Covers(n int) bool {
	if d.Problem != "" || d.Scope == Enable {
		return false
	}
	if d.Scope == WholeFile {
		return true
	}
	return n >= d.From && (d.To < 0 || n <= d.To) && n > 0
}

var (
	// verbRE finds a directive word; the match must follow a comment opener.
	verbRE  = lazyre.New(`plugforge-(?:disable|enable)(?:-?[A-Za-z0-9_]+)*`)
	marker  = []byte("plugforge-")
	hashRE  = lazyre.New(`(?:^|\s)#\s*$`)
	slashRE = lazyre.New(`(?:^|\s)//\s*$`)
	htmlRE  = lazyre.New(`<!--\s*$`)
)

// Parse returns the directives in f, in file order. JSON files and files
// without the word "plugforge-" have none. canon maps a rule name to the
// name it is known by (an alias to its ID), so that plugforge-enable XR006
// closes plugforge-disable link-broken; nil compares names as written.
func Parse(f *snapshot.File, canon func(string) string) []Directive {
	if !f.Readable() || f.Kind.IsJSON() || !bytes.Contains(f.Data, marker) {
		return nil
	}
	ext := strings.ToLower(path.Ext(f.Path))
	if ext == ".json" {
		return nil
	}
	md := f.Kind.IsMarkdown() || ext == ".md" || ext == ".markdown"
	var fm *snapshot.Frontmatter
	var body *snapshot.Markdown
	if md {
		fm, body = f.Frontmatter(), f.Markdown()
	}
	slash := ext == ".js" || ext == ".mjs" || ext == ".cjs" || ext == ".ts"
	var out []Directive
	for n := 1; n <= f.NumLines(); n++ {
		text := f.LineText(n)
		if !strings.Contains(text, "plugforge-") {
			continue
		}
		lineOff := f.LineOffset(n)
		for _, loc := range verbRE.FindAllStringIndex(text, -1) {
			before := text[:loc[0]]
			inFront := fm != nil && fm.Present && lineOff+loc[0] < fm.BodyOffset
			var d Directive
			switch {
			case md && !inFront && htmlRE.MatchString(before):
				if body.InCode(lineOff + loc[0]) {
					continue // an example of the syntax, not a directive
				}
				rest := text[loc[1]:]
				end := strings.Index(rest, "-->")
				if end < 0 {
					d = newDirective(text, n, loc, "")
					d.Problem = "is not closed by \"-->\" on the same line"
				} else {
					d = newDirective(text, n, loc, rest[:end])
				}
			case (!md && !slash || inFront) && hashRE.MatchString(before):
				d = newDirective(text, n, loc, text[loc[1]:])
			case slash && slashRE.MatchString(before):
				d = newDirective(text, n, loc, text[loc[1]:])
			default:
				continue
			}
			out = append(out, d)
		}
	}
	if canon == nil {
		canon = func(s string) string { return s }
	}
	closeBlocks(out, canon)
	return out
}

// newDirective parses "VERB RULE[,RULE…] reason" where args is the text
// after the verb (starting at byte loc[1] of line).
func newDirective(line string, n int, loc []int, args string) Directive {
	verb := line[loc[0]:loc[1]]
	d := Directive{Line: n, Col: col(line, loc[0]), Verb: verb}
	scope, ok := verbs[verb]
	if !ok || (args != "" && args[0] != ' ' && args[0] != '\t') {
		d.Problem = "is not a directive plugforge knows (use plugforge-disable-next-line, -line, -file, or plugforge-disable … plugforge-enable)"
		return d
	}
	d.Scope = scope
	// Rule names: the first word, continued while a word ends in a comma
	// or the next starts with one ("A, B" and "A ,B" both work).
	i := 0
	skip := func() {
		for i < len(args) && (args[i] == ' ' || args[i] == '\t') {
			i++
		}
	}
	skip()
	for i < len(args) {
		start := i
		for i < len(args) && args[i] != ' ' && args[i] != '\t' {
			i++
		}
		word := args[start:i]
		off := loc[1] + start
		more := strings.HasSuffix(word, ",")
		if w, ok := strings.CutSuffix(word, ":"); ok { // "RULE: reason"
			word, more = w, false
		}
		for _, part := range strings.Split(word, ",") {
			if part != "" {
				p := strings.Index(line[off:], part)
				d.Names = append(d.Names, Name{Text: part, Col: col(line, off+p)})
				off += p + len(part)
			}
		}
		skip()
		if i < len(args) && args[i] == ',' {
			more = true
			i++
			skip()
		}
		if !more {
			break
		}
	}
	reason := strings.TrimSpace(args[i:])
	reason = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(reason, "--"), ":"))
	d.Reason = reason
	switch {
	case len(d.Names) == 0 && scope == Enable:
		// a bare plugforge-enable closes every open block
	case len(d.Names) == 0:
		d.Problem = "names no rule"
	case reason == "" && scope != Enable:
		d.Problem = "gives no reason"
	}
	switch scope {
	case NextLine:
		d.From, d.To = n+1, n+1
	case SameLine:
		d.From, d.To = n, n
	case Block:
		d.From, d.To = n+1, -1
	}
	return d
}

// closeBlocks ends each Block at the first later Enable that names one of
// its rules (or names none); an Enable that closes nothing is malformed.
func closeBlocks(ds []Directive, canon func(string) string) {
	for i := range ds {
		en := &ds[i]
		if en.Scope != Enable || en.Problem != "" {
			continue
		}
		closed := false
		for j := 0; j < i; j++ {
			b := &ds[j]
			if b.Scope != Block || b.To >= 0 || !(len(en.Names) == 0 || sharesName(b, en, canon)) {
				continue
			}
			b.To, closed = en.Line-1, true
		}
		if !closed {
			en.Problem = "closes no plugforge-disable block above it"
		}
	}
}

func sharesName(a, b *Directive, canon func(string) string) bool {
	for _, x := range a.Names {
		for _, y := range b.Names {
			if canon(x.Text) == canon(y.Text) {
				return true
			}
		}
	}
	return false
}

func col(line string, byteOff int) int { return utf8.RuneCountInString(line[:byteOff]) + 1 }
