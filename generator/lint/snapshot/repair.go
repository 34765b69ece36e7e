package snapshot

import "strings"

// RepairLine applies Claude Code's frontmatter repair (see repairYAML) to
// one line: a top-level "key: value" line whose value is not valid YAML on
// its own comes back with the value double-quoted, and ok set. `plugforge
// lint --fix` writes that line, so the file then means to every YAML
// parser what it already meant to Claude Code.
func RepairLine(line string) (fixed string, ok bool) {
	out, lines := repairYAML([]byte(strings.TrimSuffix(line, "\r")), false)
	return string(out), len(lines) > 0
}
