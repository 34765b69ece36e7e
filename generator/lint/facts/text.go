package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// LowerText is a file's text lower-cased (strings.ToLower), for rules that
// look for a phrase in any case. Lower-casing text that is not all ASCII
// walks it rune by rune; done once per file here, not once per rule.
var LowerText = lint.NewFileAnalysis("lower-text", "the file's text, lower-cased, for case-insensitive phrase searches",
	nil, func(_ *lint.Input, f *snapshot.File) string { return strings.ToLower(string(f.Data)) })
