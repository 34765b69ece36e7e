package snapshot

import (
	"bytes"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Markdown is the structure of a markdown file's body. Offsets are into
// File.Data; the frontmatter is not part of the body.
type Markdown struct {
	BodyStart int
	Headings  []Heading
	Links     []Link
	Fences    []Fence
	// code holds sorted [start, end) ranges of code: fenced and indented
	// blocks and inline code spans; spans only the inline code spans.
	code, spans [][2]int
}

// Heading is an ATX or setext heading.
type Heading struct {
	Level  int
	Text   string
	Offset int
	Slug   string // GitHub-style anchor
}

// Link is an inline or reference link or image (not an autolink).
type Link struct {
	Dest   string
	Offset int
	Image  bool
	// Empty: the link has no text ("[](x)"); Offset is then that of its
	// "[" when it can be found in its block, which a reader needs to see
	// what stands right before it ("items[](…)" is array notation).
	Empty bool
}

// Fence is a fenced code block as goldmark (CommonMark) parses it.
type Fence struct {
	Offset       int    // start of the opening fence line
	Line         int    // its line
	EndLine      int    // line of the closing fence (or the block's last line)
	Info         string // info string, e.g. "bash"
	Closed       bool   // ended by a closing fence line
	ToEnd        bool   // not closed and runs to the end of the document
	ContentStart int    // first byte after the opening line
	ContentEnd   int    // start of the closing line (or of the line after the block)
	End          int    // end of the block, past the closing line if any
}

// mdParser is shared: a goldmark parser is safe for concurrent use once
// built, and building one per file costs as much as parsing a small file.
// It is built on first use, not at start-up, and from goldmark/parser
// alone: goldmark.DefaultParser builds the same parser, but importing
// package goldmark links its HTML renderer, whose init every process
// would pay for.
var mdParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...))
})

// Markdown parses the file body once.
func (f *File) Markdown() *Markdown {
	f.mdOnce.Do(func() { f.md = parseMarkdown(f) })
	return f.md
}

func parseMarkdown(f *File) *Markdown {
	md := &Markdown{}
	src := f.Data
	if fm := f.Frontmatter(); fm.Present {
		md.BodyStart = fm.BodyOffset
		src = blankOut(f.Data, fm.BodyOffset)
	}
	md.walk(src, f)
	for _, fe := range md.Fences {
		md.code = append(md.code, [2]int{fe.Offset, fe.End})
	}
	sort.Slice(md.code, func(i, j int) bool { return md.code[i][0] < md.code[j][0] })
	sort.Slice(md.spans, func(i, j int) bool { return md.spans[i][0] < md.spans[j][0] })
	return md
}

// blankOut replaces data[:n] with spaces, keeping line breaks, so offsets
// in the parsed copy are offsets in the file.
func blankOut(data []byte, n int) []byte {
	out := make([]byte, len(data))
	copy(out, data)
	for i := 0; i < n && i < len(out); i++ {
		if out[i] != '\n' {
			out[i] = ' '
		}
	}
	return out
}

func lineLen(data []byte, off int) int {
	if off >= len(data) {
		return 0
	}
	if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
		return i + 1
	}
	return len(data) - off
}

func (md *Markdown) walk(src []byte, f *File) {
	defer func() { _ = recover() }() // a parser bug must not take the linter down
	doc := mdParser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			t := plainText(n, src)
			off := 0
			if l := n.Lines(); l.Len() > 0 {
				off = l.At(0).Start
			}
			off = lineStart(src, off)
			md.Headings = append(md.Headings, Heading{Level: n.Level, Text: t, Offset: off, Slug: Slug(t)})
		case *ast.Link:
			if n.FirstChild() == nil {
				md.Links = append(md.Links, Link{Dest: string(n.Destination), Offset: emptyLinkOffset(n, src), Empty: true})
				break
			}
			md.Links = append(md.Links, Link{Dest: string(n.Destination), Offset: nodeOffset(n, src) - 1})
		case *ast.Image:
			md.Links = append(md.Links, Link{Dest: string(n.Destination), Offset: nodeOffset(n, src) - 2, Image: true})
		case *ast.CodeSpan:
			if s, e := spanRange(n); e > s {
				md.code = append(md.code, [2]int{s - 1, e + 1})
				md.spans = append(md.spans, [2]int{s - 1, e + 1})
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			md.Fences = append(md.Fences, fenceOf(n, src, f))
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			if l := n.Lines(); l.Len() > 0 {
				md.code = append(md.code, [2]int{l.At(0).Start, l.At(l.Len() - 1).Stop})
			}
		}
		return ast.WalkContinue, nil
	})
	for i := range md.Links {
		if md.Links[i].Offset < 0 {
			md.Links[i].Offset = 0
		}
	}
}

func lineStart(src []byte, off int) int {
	if off > len(src) {
		off = len(src)
	}
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// nodeOffset is the offset of the first text inside n, or of its block.
func nodeOffset(n ast.Node, src []byte) int {
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering && off < 0 {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if off >= 0 {
		return off
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			return p.Lines().At(0).Start + 1
		}
	}
	return 1
}

// emptyLinkOffset finds the "[" of a link without text, "[](dest)", in
// the first block around it; failing that it falls back to nodeOffset's
// block start.
func emptyLinkOffset(n *ast.Link, src []byte) int {
	needle := []byte("[](" + string(n.Destination))
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			l := p.Lines()
			start, end := l.At(0).Start, l.At(l.Len()-1).Stop
			if i := bytes.Index(src[start:end], needle); i >= 0 {
				return start + i
			}
			break
		}
	}
	return nodeOffset(n, src) - 1
}

func spanRange(n ast.Node) (int, int) {
	s, e := -1, -1
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			if s < 0 {
				s = t.Segment.Start
			}
			e = t.Segment.Stop
		}
	}
	return s, e
}

// InCode reports whether the byte at off is inside code.
func (md *Markdown) InCode(off int) bool { return inRanges(md.code, off) }

// InCodeBlock reports whether the byte at off is inside a fenced or
// indented code block (fence lines included).
func (md *Markdown) InCodeBlock(off int) bool { return md.InCode(off) && !md.InCodeSpan(off) }

// InCodeSpan reports whether the byte at off is inside inline code.
func (md *Markdown) InCodeSpan(off int) bool { return inRanges(md.spans, off) }

func inRanges(rs [][2]int, off int) bool {
	for _, r := range rs {
		if r[0] <= off && off < r[1] {
			return true
		}
		if r[0] > off {
			break
		}
	}
	return false
}

// Slug is the GitHub anchor of a heading text.
func Slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
