package facts

import (
	"regexp"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// OptionalAt reports whether the text around off (the paragraph or block
// it sits in and the lines right after it, up to optionalWindow bytes
// either way) makes what it names optional: "if the agent is not
// available, …", "fall back to …", "if it is not installed, skip". A call
// with a stated fallback does not fail the step when its target is
// missing; a missing target there is a note for the author, not an error.
func OptionalAt(f *snapshot.File, off int) bool {
	a, b := max(0, off-optionalWindow), min(len(f.Data), off+optionalWindow)
	return optionalRE.Match(f.Data[a:b])
}

const optionalWindow = 400

// optionalRE: a stated fallback.
var optionalRE = regexp.MustCompile(`(?i)\bif (?:\S+ ){0,4}(?:is |are )?(?:not available|unavailable|not installed|missing|absent|not present|not found)\b|\bfall(?:s)? ?back\b|\bfallback\b|\bif (?:\S+ ){0,3}(?:exists|is available|is installed)\b`)
