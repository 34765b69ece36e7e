package snapshot

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// Claude Code 2.1.330's YAML parser reads characters yaml.v3 will not: C0
// controls other than tab, LF and CR, DEL, the C1 controls, U+FFFE and
// U+FFFF ("control characters are not allowed"), and NEL, U+2028 and
// U+2029, which yaml.v3 takes for line breaks (YAML 1.1) and 2.1.330 for
// ordinary characters (YAML 1.2). Recorded: an agent whose description holds
// U+0001, DEL, NEL or U+2028 registers under its frontmatter name
// (testdata/names/frontmatter-yaml), so its block parsed. Such a block is
// parsed with each of them swapped for a stand-in in Unicode's last
// private-use plane (U+100000 plus the character), then swapped back in
// the decoded values, so lint reads what Claude Code reads.
const standInBase = 0x100000

// yamlForeign reports whether yaml.v3 refuses r, or breaks a line at it,
// where 2.1.330 reads it as text.
func yamlForeign(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t' && r != '\n' && r != '\r'
	case r >= 0x7F && r <= 0x9F, r == 0x2028, r == 0x2029, r == 0xFFFE, r == 0xFFFF:
		return true
	}
	return false
}

// standIns returns raw with every foreign character swapped for its
// stand-in, and whether it swapped any. It leaves raw alone if it already
// holds a character of the stand-ins' plane, which could not be told apart.
func standIns(raw []byte) ([]byte, bool) {
	s := string(raw)
	if !strings.ContainsFunc(s, yamlForeign) || strings.ContainsFunc(s, isStandIn) {
		return raw, false
	}
	return []byte(strings.Map(func(r rune) rune {
		if yamlForeign(r) {
			return standInBase + r
		}
		return r
	}, s)), true
}

func isStandIn(r rune) bool { return r >= standInBase && r < standInBase+0x10000 }

// restore swaps the stand-ins in n's values and keys back.
func restore(n *yaml.Node) {
	var walk func(*yaml.Node, int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > maxDepth {
			return
		}
		if strings.ContainsFunc(n.Value, isStandIn) {
			n.Value = strings.Map(func(r rune) rune {
				if isStandIn(r) {
					return r - standInBase
				}
				return r
			}, n.Value)
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
}
