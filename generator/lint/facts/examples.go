package facts

import (
	"bytes"
	"sort"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Examples answers "is this text an instruction or an example?" for a
// markdown file: the ranges of the body that are examples as the author
// meant them, not only as CommonMark reads them. Rules that judge what a
// prompt tells the model to do (a link to read, a name to call, a path to
// run) ask it instead of looking at fences themselves.
//
// An example is:
//
//   - a fenced block as goldmark (CommonMark) parses it;
//   - a fenced block as the author nested it. CommonMark has two traps an
//     author falls into when showing a document that holds fences:
//     a fence line with an info string inside a fence is content, so the
//     inner block's closing line ends the outer block and the rest of the
//     example reads as prose; and a tag line (<details>, <div>) right above
//     a fence starts an HTML block that swallows the opening line up to the
//     next blank line, after which the example reads as prose and its
//     closing line opens a block that runs on. The author meant one
//     example either way; the model, which reads the raw text, reads one.
//     The scan here nests a fence that opens with an info string inside
//     another and ignores HTML blocks, and its blocks are examples too;
//   - an indented code block, and an inline code span only where a rule
//     asks for it (InSpan): a span is as often a name the text tells the
//     model to use as a sample.
//
// HTML comments are not examples: see Comment.
var Examples = lint.NewFileAnalysis("examples", "the ranges of a markdown file that are examples as the author meant them: fences, nested fences, fences an HTML block swallowed",
	nil, func(_ *lint.Input, f *snapshot.File) *ExampleMap {
		e := &ExampleMap{}
		if !f.Kind.IsMarkdown() {
			return e
		}
		md := f.Markdown()
		for _, fe := range md.Fences {
			e.add(fe.Offset, fe.End)
		}
		for _, r := range authorFences(f.Data, md.BodyStart) {
			e.add(r[0], r[1])
		}
		e.comments = htmlComments(f.Data, md.BodyStart)
		e.md = md
		sort.Slice(e.blocks, func(i, j int) bool { return e.blocks[i][0] < e.blocks[j][0] })
		return e
	})

// ExampleMap is the result of Examples.
type ExampleMap struct {
	blocks, comments [][2]int
	md               *snapshot.Markdown
}

func (e *ExampleMap) add(a, b int) { e.blocks = append(e.blocks, [2]int{a, b}) }

// In reports whether off lies in an example block: a fence (either
// reading) or an indented code block, not a code span.
func (e *ExampleMap) In(off int) bool {
	return within(e.blocks, off) || e.md != nil && e.md.InCodeBlock(off)
}

// InSpan reports whether off lies in an inline code span.
func (e *ExampleMap) InSpan(off int) bool { return e.md != nil && e.md.InCodeSpan(off) }

// Comment reports whether off lies inside an HTML comment (<!-- … -->) of
// the body. What a comment holds is a note or a marker (a region marker
// such as "<!-- tool:start -->" that a skill writes into a user's file),
// not something the text tells the model to call.
func (e *ExampleMap) Comment(off int) bool { return within(e.comments, off) }

func within(rs [][2]int, off int) bool {
	for _, r := range rs {
		if off >= r[0] && off < r[1] {
			return true
		}
	}
	return false
}

// authorFences scans data from start line by line for fenced blocks the
// way an author nests them: inside a block, a fence line with an info
// string opens an inner block, and a bare fence line at least as long as
// the innermost opener closes it. HTML blocks are not recognised, so a
// fence under a tag line still opens. It returns the outermost blocks,
// from their opening line to the end of their closing line (or of data).
func authorFences(data []byte, start int) [][2]int {
	type open struct {
		c byte
		n int
	}
	var out [][2]int
	var stack []open
	blockStart := 0
	for off := start; off < len(data); {
		end := lineEnd(data, off)
		next := min(end+1, len(data))
		c, n, info := fenceLine(data[off:end])
		switch {
		case n == 0:
		case len(stack) == 0:
			stack, blockStart = append(stack, open{c, n}), off
		case info && c == stack[len(stack)-1].c:
			stack = append(stack, open{c, n})
		case !info && c == stack[len(stack)-1].c && n >= stack[len(stack)-1].n:
			if stack = stack[:len(stack)-1]; len(stack) == 0 {
				out = append(out, [2]int{blockStart, next})
			}
		}
		off = next
	}
	if len(stack) > 0 {
		out = append(out, [2]int{blockStart, len(data)})
	}
	return out
}

// fenceLine reports whether line is a fence line (up to three spaces,
// then three or more backticks or tildes): its character, length, and
// whether an info string follows. n is 0 for any other line.
func fenceLine(line []byte) (c byte, n int, info bool) {
	line = bytes.TrimRight(line, "\r")
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i >= len(line) || line[i] != '`' && line[i] != '~' {
		return 0, 0, false
	}
	c = line[i]
	j := i
	for j < len(line) && line[j] == c {
		j++
	}
	if j-i < 3 {
		return 0, 0, false
	}
	rest := bytes.TrimSpace(line[j:])
	if c == '`' && bytes.IndexByte(rest, '`') >= 0 {
		return 0, 0, false // an inline span such as ```x``` is no fence
	}
	return c, j - i, len(rest) > 0
}

// htmlComments lists the <!-- … --> ranges of data from start.
func htmlComments(data []byte, start int) [][2]int {
	var out [][2]int
	for off := start; off < len(data); {
		i := bytes.Index(data[off:], []byte("<!--"))
		if i < 0 {
			break
		}
		a := off + i
		j := bytes.Index(data[a+4:], []byte("-->"))
		if j < 0 {
			out = append(out, [2]int{a, len(data)})
			break
		}
		b := a + 4 + j + 3
		out = append(out, [2]int{a, b})
		off = b
	}
	return out
}
