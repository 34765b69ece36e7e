package facts

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func TestDocumentedInvisible(t *testing.T) {
	const wj, zwsp = "\u2060", "\u200b"
	for _, c := range []struct {
		name, text string
		want       bool
	}{
		{"example, then the character alone in a code span with its meaning",
			"Post:\n\n```\n<a href=\"URL\">" + wj + "</a>Text\n```\n\n`" + wj + "` keeps the link without an anchor.\n", true},
		{"named by code point on its line", "| " + zwsp + " | U+200B | strip it |\n", true},
		{"named by escape a line below", "chars = \"" + zwsp + "\"\n# \\u200b: strip before comparing\n", true},
		{"named in words", "Remove the word joiner (" + wj + ") from titles.\n", true},
		{"a name that is part of another word does not name it", "Delete the bomb" + "\ufeff" + "shelter.\n", false},
		{"nothing says what it is", "Review the diff." + zwsp + "Then approve it.\n", false},
		{"explained too far away", "`" + wj + "` is a word joiner\n\n\n\n\nApprove" + wj + " it.\n", false},
		{"a run of invisibles hides text, whatever is said about it", "U+200B: Review" + zwsp + zwsp + "\U000E0041 it.\n", false},
		{"the code span names another character", "`" + zwsp + "` breaks a line.\nApprove" + wj + " it.\n", false},
	} {
		d := []byte(c.text)
		i := bytes.LastIndex(d, []byte(wj))
		if j := bytes.LastIndex(d, []byte(zwsp)); j > i {
			i = j
		}
		if j := bytes.LastIndex(d, []byte("\ufeff")); j > i {
			i = j
		}
		r, n := utf8.DecodeRune(d[i:])
		if got := DocumentedInvisible(d, i, r, n); got != c.want {
			t.Errorf("%s: DocumentedInvisible = %v, want %v", c.name, got, c.want)
		}
	}
}
