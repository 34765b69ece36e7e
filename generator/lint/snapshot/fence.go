package snapshot

import (
	"bytes"
	"strings"
)

// scanFences finds fenced code blocks from offset start on. A fence opens
// with three or more backticks or tildes (after any indentation) and closes
// with a line of at least as many of the same character and nothing else.
func scanFences(data []byte, start int, f *File) []Fence {
	var out []Fence
	var cur *Fence
	var char byte
	var n int
	for ls := start; ls < len(data); {
		le := bytes.IndexByte(data[ls:], '\n')
		end := len(data)
		next := len(data)
		if le >= 0 {
			end, next = ls+le, ls+le+1
		}
		line := strings.TrimRight(string(data[ls:end]), "\r")
		trimmed := strings.TrimLeft(line, " \t")
		c, k := fenceRun(trimmed)
		switch {
		case cur == nil && k >= 3:
			info := strings.TrimSpace(trimmed[k:])
			if c == '`' && strings.ContainsRune(info, '`') {
				break // an inline code span, not a fence
			}
			out = append(out, Fence{Offset: ls, Line: f.PosOf(ls).Line, Info: info, ContentStart: next})
			cur, char, n = &out[len(out)-1], c, k
		case cur != nil && c == char && k >= n && strings.TrimSpace(trimmed[k:]) == "":
			cur.Closed, cur.ContentEnd, cur.EndLine = true, ls, f.PosOf(ls).Line
			cur = nil
		}
		ls = next
	}
	if cur != nil {
		cur.ContentEnd = len(data)
		cur.EndLine = f.NumLines()
	}
	return out
}

func fenceRun(s string) (byte, int) {
	if s == "" || (s[0] != '`' && s[0] != '~') {
		return 0, 0
	}
	k := 0
	for k < len(s) && s[k] == s[0] {
		k++
	}
	return s[0], k
}
