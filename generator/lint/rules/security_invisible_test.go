package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBenignInvisible(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"maximum\u200bconnections", true},        // one break opportunity inside a word
		{"数据\u200b处理", true},                      // between two CJK letters
		{"\u200b```bash", true},                   // a fence shown inside a fence
		{"maximum\u200b\u200bconnections", false}, // a run: the first has an invisible after it
		{"the diff.\u200b then", false},           // after punctuation: nothing typographic about it
		{"approve\u200b<hidden>", false},          // a letter, then markup
	} {
		i := strings.IndexRune(c.text, 0x200B)
		if got := benignInvisible([]byte(c.text), i, 0x200B, utf8.RuneLen(0x200B)); got != c.want {
			t.Errorf("benignInvisible(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
