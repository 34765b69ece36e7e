package snapshot

import (
	"bytes"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// walkBlocks is the first step: headings, fences and indented code from
// a parse without inlines. It reports false when some heading's text
// cannot be read without the whole document's inlines.
func (md *Markdown) walkBlocks(f *File) (simple bool) {
	simple = true
	defer func() { _ = recover() }() // a parser bug must not take the linter down
	src := md.src
	doc := blockParser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			t, ok := headingText(n, src)
			if !ok {
				simple = false
				return ast.WalkStop, nil
			}
			md.Headings = append(md.Headings, Heading{Level: n.Level, Text: t, Offset: headingOffset(n, src), Slug: Slug(t)})
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			md.Fences = append(md.Fences, fenceOf(n, src, f))
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			md.addCodeBlock(n)
		}
		return ast.WalkContinue, nil
	})
	return simple
}

// walkAll is a full parse: links and code spans, and with blocks set,
// the headings, fences and indented code too (the first step's fallback).
func (md *Markdown) walkAll(f *File, blocks bool) {
	defer func() { _ = recover() }() // a parser bug must not take the linter down
	src := md.src
	doc := mdParser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if blocks {
				t := plainText(n, src)
				md.Headings = append(md.Headings, Heading{Level: n.Level, Text: t, Offset: headingOffset(n, src), Slug: Slug(t)})
			}
		case *ast.Link:
			if n.FirstChild() == nil {
				md.links = append(md.links, Link{Dest: string(n.Destination), Offset: max(0, emptyLinkOffset(n, src)), Empty: true})
				break
			}
			md.links = append(md.links, Link{Dest: string(n.Destination), Offset: max(0, nodeOffset(n, src)-1)})
		case *ast.Image:
			md.links = append(md.links, Link{Dest: string(n.Destination), Offset: max(0, nodeOffset(n, src)-2), Image: true})
		case *ast.CodeSpan:
			if s, e := spanRange(n); e > s {
				md.spans = append(md.spans, [2]int{s - 1, e + 1})
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			if blocks {
				md.Fences = append(md.Fences, fenceOf(n, src, f))
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			if blocks {
				md.addCodeBlock(n)
			}
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(md.spans, func(i, j int) bool { return md.spans[i][0] < md.spans[j][0] })
}

func (md *Markdown) addCodeBlock(n *ast.CodeBlock) {
	if l := n.Lines(); l.Len() > 0 {
		md.blocks = append(md.blocks, [2]int{l.At(0).Start, l.At(l.Len() - 1).Stop})
	}
}

func headingOffset(n *ast.Heading, src []byte) int {
	off := 0
	if l := n.Lines(); l.Len() > 0 {
		off = l.At(0).Start
	}
	return lineStart(src, off)
}

// inlineBytes are the bytes at which goldmark's default inline parsers
// (code span, link, autolink, raw HTML, emphasis) or its escapes start;
// '&' for entities, to be safe.
const inlineBytes = "`[]!<*_\\&"

// headingText is the plain text of a heading of a parse without inlines:
// what plainText reads from the same heading of a full parse. A one-line
// heading without inline syntax is its line, trimmed; one with some is
// parsed alone, as "# " and its text: code spans, emphasis, autolinks and
// raw HTML depend on nothing outside the line. Not so a "[" (a reference
// link's definition may be anywhere) nor a setext heading of several
// lines (joined without their breaks): ok is false for those, and for a
// text ending in "#", which "# " would read as a closing sequence.
func headingText(n *ast.Heading, src []byte) (string, bool) {
	lines := n.Lines()
	switch lines.Len() {
	case 0:
		return "", true
	case 1:
	default:
		return "", false
	}
	seg := lines.At(0)
	raw := seg.Value(src)
	if bytes.IndexAny(raw, inlineBytes) < 0 {
		return strings.TrimSpace(string(raw)), true
	}
	t := bytes.TrimSpace(raw)
	if bytes.IndexAny(t, "[]\n\r") >= 0 || len(t) == 0 || t[len(t)-1] == '#' {
		return "", false
	}
	alone := make([]byte, 0, len(t)+3)
	alone = append(append(append(alone, "# "...), t...), '\n')
	h, ok := mdParser().Parse(text.NewReader(alone)).FirstChild().(*ast.Heading)
	if !ok || h.NextSibling() != nil {
		return "", false
	}
	return plainText(h, alone), true
}
