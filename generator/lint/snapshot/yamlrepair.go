package snapshot

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"gopkg.in/yaml.v3"
)

// Claude Code 2.1.330 reads frontmatter leniently. When the YAML does not
// parse, its loader (the function that logs "Failed to parse YAML
// frontmatter") retries once on a repaired copy and only then falls back to
// empty metadata. The repair, read from the release's bundled source:
//
//  1. every line matching ^([a-zA-Z_-]+):\s+(\S.*)$ whose value is not
//     already wrapped in matching quotes, is not a flow sequence that
//     parses, and contains one of {}[]*&#!|>%@` or ": " gets its value
//     double-quoted (backslashes and double quotes escaped);
//  2. then every run of tabs at the start of a line becomes two spaces per
//     tab.
//
// Step 1 never touches a line that ends in a carriage return: the loader
// splits the text on "\n" only, and in JavaScript "." does not match "\r",
// so the pattern cannot reach the end of such a line. A file with CRLF line
// ends therefore gets no quoting at all. Observed with 2.1.330 --debug
// (testdata/names/frontmatter-yaml-crlf): "description: Use this: for x"
// loads when the line ends in "\n" and logs "Failed to parse YAML
// frontmatter … Unexpected token" when it ends in "\r\n", the last
// frontmatter line included; slurpyb/skills' storm-researcher (set I) is
// such a file.
//
// repairYAML applies the same two steps so FM004 fires only where Claude
// Code really drops the metadata.
var (
	claudeKV      = lazyre.New(`^([a-zA-Z_-]+):\s+(\S.*)$`)
	claudeSpecial = lazyre.New("[{}\\[\\]*&#!|>%@`]|: ")
	leadingTabs   = lazyre.New(`(?m)^\t+`)
)

// repairYAML returns the repaired text and the 1-based lines it changed
// whose original could not be read by a strict parser: values that do not
// parse on their own, and tab-indented lines. With crToo it also quotes
// lines that end in "\r", which Claude Code does not: that is what the
// file would mean with LF line ends, and how lint tells an author that the
// line ends alone stop the repair.
func repairYAML(raw []byte, crToo bool) ([]byte, []int) {
	lines := strings.Split(string(raw), "\n")
	var changed []int
	for i, l := range lines {
		cr := strings.HasSuffix(l, "\r")
		l = strings.TrimSuffix(l, "\r")
		if strings.HasPrefix(l, "\t") {
			changed = append(changed, i+1)
		}
		if cr && !crToo {
			continue
		}
		m := claudeKV.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		v := m[2]
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			continue
		}
		if v[0] == '[' && v[len(v)-1] == ']' {
			// parsed as a mapping value: yaml.v3 accepts "[a] [b]" alone
			if n, err := decodeYAML([]byte("k: " + v)); err == nil && n != nil && len(n.Content) == 2 &&
				n.Content[1].Kind == yaml.SequenceNode {
				continue
			}
		}
		if !claudeSpecial.MatchString(v) {
			continue
		}
		if _, err := decodeYAML([]byte(m[1] + ": " + v)); err != nil {
			changed = append(changed, i+1)
		}
		q := strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), `"`, `\"`)
		lines[i] = m[1] + `: "` + q + `"`
		if cr {
			lines[i] += "\r"
		}
	}
	fixed := leadingTabs.ReplaceAllStringFunc(strings.Join(lines, "\n"), func(t string) string {
		return strings.Repeat("  ", len(t))
	})
	return []byte(fixed), changed
}
