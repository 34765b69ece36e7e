package snapshot

import (
	"fmt"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// yaml.v3 lets a quoted value run on over lines at any indentation;
// Claude Code 2.1.330's YAML parser does not. Every non-blank line a quoted
// scalar continues on, its closing quote's line included, must be indented
// past the block collection that holds it: past column 0 for a top-level
// key, past a nested key's own column, past a sequence's dash. Recorded
// (testdata/names/frontmatter-yaml): agents whose description continues at
// column 0 ("description: \"Reviews code.\nmore\"", single-quoted alike,
// or only the closing quote there), whose nested value continues at its
// key's column, or whose sequence item or flow sequence continues at
// column 0, register under their file names, so their blocks did not
// parse; the same values indented one space further, a continuation after
// a tab, and a blank line in between register under their names.
//
// quotedIndentErr finds the first such line in raw, whose tree is root,
// and returns it as a parse error in yaml.v3's "line N: …" form (N relative
// to raw) so it is reported like any other; nil when there is none.
func quotedIndentErr(root *yaml.Node, raw []byte) error {
	if root == nil {
		return nil
	}
	starts := []int{0}
	for i, b := range raw {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	bad := 0
	var walk func(n *yaml.Node, indent, depth int)
	walk = func(n *yaml.Node, indent, depth int) {
		if n == nil || depth > maxDepth || bad > 0 {
			return
		}
		switch n.Kind {
		case yaml.MappingNode, yaml.SequenceNode:
			if n.Style&yaml.FlowStyle == 0 && n.Column > 0 {
				indent = n.Column - 1
			}
			for _, c := range n.Content {
				walk(c, indent, depth+1)
			}
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c, indent, depth+1)
			}
		case yaml.ScalarNode:
			if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
				bad = underIndented(raw, starts, n, indent)
			}
		}
	}
	walk(root, 0, 0)
	if bad > 0 {
		return fmt.Errorf("line %d: a quoted value continues on a line not indented past its key; Claude Code's YAML parser refuses it", bad)
	}
	return nil
}

// underIndented scans the quoted scalar n from its opening quote to its
// closing one and returns the 1-based raw line of the first continuation
// line indented by indent spaces or fewer (0 if none).
func underIndented(raw []byte, starts []int, n *yaml.Node, indent int) int {
	if n.Line < 1 || n.Line > len(starts) {
		return 0
	}
	i := starts[n.Line-1]
	for col := 1; col < n.Column && i < len(raw); col++ { // yaml.v3 counts columns in characters
		_, size := utf8.DecodeRune(raw[i:])
		i += size
	}
	if i >= len(raw) || (raw[i] != '"' && raw[i] != '\'') {
		return 0
	}
	q, line := raw[i], n.Line
	for i++; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '\\' && q == '"':
			i++
		case c == q:
			if q == '\'' && i+1 < len(raw) && raw[i+1] == '\'' {
				i++
				continue
			}
			return 0
		case c == '\n':
			line++
			if shallow(raw[i+1:], indent) {
				return line
			}
		}
	}
	return 0
}

// shallow reports whether the line at the start of rest has text after
// indent spaces or fewer. Blank lines do not count, and a line that starts
// its indentation with a tab is taken as indented (2.1.330 accepts one at
// the top level; deeper ones were not probed, so they are not reported).
func shallow(rest []byte, indent int) bool {
	spaces := 0
	for spaces < len(rest) && rest[spaces] == ' ' {
		spaces++
	}
	if spaces == len(rest) {
		return false
	}
	switch rest[spaces] {
	case '\n', '\r', '\t':
		return false
	}
	return spaces <= indent
}
