package facts

import (
	"bytes"
	"github.com/plugforge/plugforge/generator/lazyre"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// OptionalAt reports whether the text around off (its paragraph, the one
// before and the one after) makes the agent it names optional: "if you
// have no such agent, …", "if it is not available, do it yourself", "fall
// back to …". A user-level agent (registered under its bare name) behind a
// stated fallback does not fail the step when it is missing.
//
// A fallback for a missing plugin ("if the x plugin is not installed")
// does not count: another plugin's agent is only reached as
// "<plugin>:<agent>", so its bare name fails even when that plugin is
// there.
func OptionalAt(f *snapshot.File, off int) bool {
	d := f.Data
	a, b := paragraphStart(d, paragraphStart(d, off)-1), paragraphEnd(d, paragraphEnd(d, off)+1)
	for _, m := range optionalRE.FindAllIndex(d[a:b], -1) {
		s, e := a+m[0], a+m[1]
		ss := max(bytes.LastIndexAny(d[:s], ".\n")+1, a)
		se := e + bytes.IndexAny(d[e:b], ".\n")
		if se < e {
			se = b
		}
		if !bytes.Contains(bytes.ToLower(d[ss:se]), []byte("plugin")) {
			return true
		}
	}
	return false
}

// paragraphStart is the offset after the blank line before off (or 0).
func paragraphStart(d []byte, off int) int {
	if off <= 0 {
		return 0
	}
	if i := bytes.LastIndex(d[:min(off, len(d))], []byte("\n\n")); i >= 0 {
		return i + 2
	}
	return 0
}

// paragraphEnd is the offset of the blank line after off (or len(d)).
func paragraphEnd(d []byte, off int) int {
	if off >= len(d) {
		return len(d)
	}
	if i := bytes.Index(d[off:], []byte("\n\n")); i >= 0 {
		return off + i
	}
	return len(d)
}

// optionalRE: a stated fallback for something missing.
var optionalRE = lazyre.New(`(?i)\bif\b[^.\n]{0,60}?\b(?:not available|unavailable|not installed|isn't installed|is missing|are missing|absent|not present|not found|doesn't exist|does not exist|no such)\b|\bif you (?:don't|do not) have\b|\bfall(?:s|ing)? back (?:to|on)\b`)
