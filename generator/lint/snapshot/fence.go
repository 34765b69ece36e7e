package snapshot

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// fenceOf turns a goldmark fenced code block into a Fence. goldmark decides
// what is a fence, by CommonMark: an opening fence indented less than four
// columns, content up to a closing fence of the same character and at least
// the same length indented less than four columns, or to the end of the
// enclosing block (a list item or quote) or of the document. So a "```"
// line indented four spaces inside an open fence is content, and a fence
// opened inside a list item ends with the item.
func fenceOf(n *ast.FencedCodeBlock, src []byte, f *File) Fence {
	open := n.Pos()
	if open < 0 || open > len(src) {
		switch {
		case n.Info != nil:
			open = n.Info.Segment.Start
		case n.Lines().Len() > 0:
			open = max(0, lineStart(src, n.Lines().At(0).Start)-1)
		default:
			open = 0
		}
	}
	char, length := fenceRun(src[open:])
	open = lineStart(src, open)
	fe := Fence{Offset: open, Line: f.PosOf(open).Line}
	if n.Info != nil {
		fe.Info = strings.TrimSpace(string(n.Info.Segment.Value(src)))
	}
	fe.ContentStart = open + lineLen(src, open)
	after := fe.ContentStart // start of the line after the block's last line
	if l := n.Lines(); l.Len() > 0 {
		ls := lineStart(src, l.At(l.Len()-1).Start)
		after = ls + lineLen(src, ls)
	}
	fe.ContentEnd, fe.End = after, after
	fe.EndLine = f.PosOf(max(open, after-1)).Line
	if after < len(src) && closesFence(src[after:after+lineLen(src, after)], char, length) {
		fe.Closed, fe.EndLine = true, f.PosOf(after).Line
		fe.End = after + lineLen(src, after)
	}
	fe.ToEnd = !fe.Closed && len(bytes.TrimSpace(src[after:])) == 0
	return fe
}

// closesFence reports whether line (after container markers: indentation
// and ">") is a run of at least length fence characters and blanks.
func closesFence(line []byte, char byte, length int) bool {
	s := strings.TrimLeft(string(line), " \t>")
	c, k := fenceRun([]byte(s))
	return c == char && k >= length && strings.TrimSpace(s[k:]) == ""
}

func fenceRun(s []byte) (byte, int) {
	if len(s) == 0 || (s[0] != '`' && s[0] != '~') {
		return 0, 0
	}
	k := 0
	for k < len(s) && s[k] == s[0] {
		k++
	}
	return s[0], k
}
