package facts

import (
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// LowerText is a file's text lower-cased (strings.ToLower), for rules that
// look for a phrase in any case, computed once per file instead of once
// per rule.
var LowerText = lint.NewFileAnalysis("lower-text", "the file's text, lower-cased, for case-insensitive phrase searches",
	nil, func(_ *lint.Input, f *snapshot.File) string { return toLower(f.Data) })

// toLower is strings.ToLower(string(b)). strings.ToLower maps text that is
// not all ASCII rune by rune through a function value, which was 8% of a
// lint of a real plugin whose markdown has a dash or a quote mark on most
// pages; this copies ASCII bytes through a table and decodes only the
// others. Invalid UTF-8 becomes U+FFFD, as there. The bytes become the
// string without a copy (as strings.Builder does): out is not written
// again, and a copy was half of what this allocated.
func toLower(b []byte) string {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		out = utf8.AppendRune(out, unicode.ToLower(r))
		i += size
	}
	return unsafe.String(unsafe.SliceData(out), len(out))
}
