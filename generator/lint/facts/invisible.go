package facts

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// DocumentedInvisible reports whether the zero-width character r at
// data[i:i+n] is one the text shows and explains rather than hides: it
// stands alone (no other invisible character next to it), and within
// three lines of it the text presents that same character, either
// written out (U+2060, \u2060, &#x2060;, &#8288;, its name: "word
// joiner", "zero-width space", ZWJ, …) or alone in a code span (`⁠`)
// as the subject of a sentence. A table of characters to strip, or an
// example whose next line explains the character, is documentation; a
// single zero-width character carries no hidden text (that needs a run
// of them, as tag-character smuggling does).
//
// Bidi controls and tag characters are never documented here: one bidi
// override reorders the rest of its line whatever the text says about it.
func DocumentedInvisible(data []byte, i int, r rune, n int) bool {
	names, ok := zeroWidthNames[r]
	if !ok || invisibleAt(data, i-1, true) || invisibleAt(data, i+n, false) {
		return false
	}
	lo, hi := i, i
	for k := 0; k < 4 && lo > 0; k++ { // back to the start of the line three lines up
		lo = bytes.LastIndexByte(data[:lo], '\n')
		if lo < 0 {
			lo = 0
		}
	}
	for k := 0; k < 4 && hi < len(data); k++ {
		j := bytes.IndexByte(data[hi:], '\n')
		if j < 0 {
			hi = len(data)
			break
		}
		hi += j + 1
	}
	window := data[lo:hi]
	lower := strings.ToLower(string(window))
	code := fmt.Sprintf("%04x", r)
	for _, w := range []string{"u+" + code, `\u` + code, `\u{` + code + "}", `\x{` + code + "}", "&#x" + code + ";", fmt.Sprintf("&#%d;", r)} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	for _, name := range names {
		if k := strings.Index(lower, name); k >= 0 && wordEdges(lower, k, k+len(name)) {
			return true
		}
	}
	alone := "`" + string(r) + "`"
	return bytes.Contains(window, []byte(alone))
}

// wordEdges reports whether s[a:b] is not part of a longer word ("bom"
// is not "bomb").
func wordEdges(s string, a, b int) bool {
	return (a == 0 || !isNameByte(s[a-1])) && (b == len(s) || !isNameByte(s[b]))
}

// zeroWidthNames: the names a text gives each zero-width character.
var zeroWidthNames = map[rune][]string{
	0x200B: {"zero-width space", "zero width space", "zwsp"},
	0x200C: {"zero-width non-joiner", "zero width non-joiner", "zwnj"},
	0x200D: {"zero-width joiner", "zero width joiner", "zwj"},
	0x2060: {"word joiner", "word-joiner"},
	0xFEFF: {"byte order mark", "byte-order mark", "bom", "zero width no-break space", "zero-width no-break space"},
}

// invisibleAt reports whether the character that ends before (back) or
// starts at (forward) offset j is itself invisible: one of a run.
func invisibleAt(data []byte, j int, back bool) bool {
	var r rune
	switch {
	case back && j >= 0:
		r, _ = utf8.DecodeLastRune(data[:j+1])
	case !back && j < len(data):
		r, _ = utf8.DecodeRune(data[j:])
	default:
		return false
	}
	_, zw := zeroWidthNames[r]
	return zw || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r >= 0xE0000 && r <= 0xE007F
}
