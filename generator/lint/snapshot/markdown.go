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
	"github.com/yuin/goldmark/util"
)

// Markdown is the structure of a markdown file's body. Offsets are into
// File.Data; the frontmatter is not part of the body.
//
// It is parsed in two steps, because most readers need only the first.
// The blocks (headings, fences, indented code) come from a goldmark parse
// without inline parsers: CommonMark decides the blocks before it reads
// any inline, so they are what a full parse finds, at about half its cost.
// The inlines (links, code spans) come from a full parse, on first use of
// Links, InCode or InCodeSpan, and only for a file that can hold one (a
// link needs "](" or "]:", a code span a backtick). In upstream iflow 156
// markdown files are parsed for their blocks and few for their inlines.
type Markdown struct {
	BodyStart int
	Headings  []Heading
	Fences    []Fence
	// blocks holds sorted [start, end) ranges of fenced and indented code
	// blocks; spans those of inline code spans (the second step).
	blocks [][2]int

	src        []byte // what was parsed: the body, the frontmatter blanked
	data       []byte // the file's text, to tell whether an inline can be there
	inlineOnce sync.Once
	links      []Link
	spans      [][2]int
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

// blockParser is mdParser without inline parsers: the same blocks (the
// paragraph transformers, which take link reference definitions out of
// paragraphs, are block parsing too), every inline left as plain text.
// And no plain text either, where it can be helped: see dropText.
var blockParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(dropText{}, 1000))...))
})

// dropText empties a paragraph's lines as it closes, once the link
// reference definitions are out of it (priority 1000 runs after their
// transformer's 100), so that goldmark's inline pass, which cannot be
// turned off, finds nothing to turn into text nodes: a paragraph's text
// is no block's concern. Except a paragraph a setext underline closes:
// the heading takes its lines after this runs (and turns back into a
// paragraph if there are none), so a paragraph closed by a line of only
// "=", "-", ">" and blanks keeps them. That line is the one the reader is
// on when goldmark closes the paragraph for the underline; keeping a
// paragraph's lines is only a missed saving.
type dropText struct{}

func (dropText) Transform(node *ast.Paragraph, reader text.Reader, _ parser.Context) {
	line, _ := reader.PeekLine()
	bar := false
	for _, c := range line {
		switch c {
		case '=', '-':
			bar = true
		case '>', ' ', '\t', '\n', '\r':
		default:
			node.Lines().Clear()
			return
		}
	}
	if !bar {
		node.Lines().Clear()
	}
}

// Markdown parses the file body's blocks once.
func (f *File) Markdown() *Markdown {
	f.mdOnce.Do(func() { f.md = parseMarkdown(f) })
	return f.md
}

func parseMarkdown(f *File) *Markdown {
	md := &Markdown{src: f.Data, data: f.Data}
	if fm := f.Frontmatter(); fm.Present {
		md.BodyStart = fm.BodyOffset
		md.src = blankOut(f.Data, fm.BodyOffset)
	}
	if !md.walkBlocks(f) {
		// A heading whose text only the whole document's inlines decide
		// (a reference link, a multi-line setext heading): parse it all.
		md.Headings, md.Fences, md.blocks = nil, nil, nil
		md.inlineOnce.Do(func() { md.walkAll(f, true) })
	}
	for _, fe := range md.Fences {
		md.blocks = append(md.blocks, [2]int{fe.Offset, fe.End})
	}
	sort.Slice(md.blocks, func(i, j int) bool { return md.blocks[i][0] < md.blocks[j][0] })
	return md
}

// inline runs the second step: links and code spans.
func (md *Markdown) inline() {
	md.inlineOnce.Do(func() { md.walkAll(nil, false) })
}

// Links lists the body's links and images, in document order.
func (md *Markdown) Links() []Link {
	if !mayLink(md.data) {
		return nil
	}
	md.inline()
	return md.links
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

// InCode reports whether the byte at off is inside code: a code block or
// an inline code span.
func (md *Markdown) InCode(off int) bool { return md.InCodeBlock(off) || md.InCodeSpan(off) }

// InCodeBlock reports whether the byte at off is inside a fenced or
// indented code block (fence lines included). A span lies in a paragraph
// or heading, never in a code block, so this needs only the blocks.
func (md *Markdown) InCodeBlock(off int) bool { return inRanges(md.blocks, off) }

// InCodeSpan reports whether the byte at off is inside inline code.
func (md *Markdown) InCodeSpan(off int) bool {
	if bytes.IndexByte(md.data, '`') < 0 {
		return false
	}
	md.inline()
	return inRanges(md.spans, off)
}

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
