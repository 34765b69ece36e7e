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

// hasFold reports whether b holds one of words in any ASCII case. It is
// the cheap test in front of a case-insensitive regexp whose every match
// holds one of the words: Go's regexp finds no literal prefix under (?i)
// and tries the pattern at every offset, which made such regexps a sixth
// of a large plugin's lint. It is exact for lower-case words without 'k'
// and 's', the two ASCII letters (?i) also matches with a non-ASCII rune
// (U+212A, U+017F); TestFoldWords holds the word lists to that.
func hasFold(b []byte, words []string) bool {
	for _, w := range words {
		if len(w) == 0 {
			return true
		}
		c0 := w[0]
		for i := 0; i+len(w) <= len(b); i++ {
			if lowerASCII(b[i]) != c0 {
				continue
			}
			j := 1
			for j < len(w) && lowerASCII(b[i+j]) == w[j] {
				j++
			}
			if j == len(w) {
				return true
			}
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
