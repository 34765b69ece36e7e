package facts

import (
	"bytes"
	"github.com/plugforge/plugforge/generator/lazyre"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// FallbackAt answers "is the text at off the fallback of a stated choice
// between two things?" — "read A if it exists, otherwise read B", "use A
// when present, else B". It returns the span of the line before the
// condition, where the preferred choice (A) is named; a caller that finds A
// there, and A present, knows B is never reached. The condition and the
// "otherwise" must both sit on off's line, before off.
func FallbackAt(f *snapshot.File, off int) (start, end int, ok bool) {
	d := f.Data
	ls := bytes.LastIndexByte(d[:off], '\n') + 1
	m := fallbackRE.FindIndex(d[ls:off])
	if m == nil {
		return 0, 0, false
	}
	return ls, ls + m[0], true
}

// fallbackRE: a condition on presence, then "otherwise"/"else"/"if not",
// and nothing after it but the rest of the clause up to the fallback.
var fallbackRE = lazyre.New(`(?i)\b(?:if|when) (?:it |they |that |this |the file )?(?:exists?|is present|are present|is available|is there|present)\b[^\n]{0,80}?\b(?:otherwise|else|if not)\b[^\n]{0,80}$`)
