package rules

import (
	"bytes"
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// doc lays out a rule's documentation: why, a bad and a good example, and
// the release the behaviour was checked against.
func doc(why, bad, good string) string {
	return strings.TrimSpace(why) + "\n\nBad:\n\n" + indent(bad) + "\n\nGood:\n\n" + indent(good) +
		"\n\nChecked against Claude Code " + lint.ClaudeCode + "."
}

func indent(s string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n")
}

// kinds is shorthand for a rule's Kinds.
func kinds(k ...snapshot.Kind) []snapshot.Kind { return k }

var (
	componentKinds = kinds(snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill)
	markdownKinds  = kinds(snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill, snapshot.KindMarkdown)
	jsonKinds      = kinds(snapshot.KindManifest, snapshot.KindMarketplace, snapshot.KindHooks, snapshot.KindMCP, snapshot.KindLSP, snapshot.KindSettings)
)

// obj returns v as a JSON object, or nil.
func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }

// arr returns v as a JSON array, or nil.
func arr(v any) []any { a, _ := v.([]any); return a }

// str returns v as a string.
func str(v any) (string, bool) { s, ok := v.(string); return s, ok }

// num returns v as a float.
func num(v any) (float64, bool) {
	if n, ok := v.(json.Number); ok {
		f, err := n.Float64()
		return f, err == nil
	}
	f, ok := v.(float64)
	return f, ok
}

// jsonLoc is the location of the value at ptr in a JSON file.
func jsonLoc(f *snapshot.File, ptr string) snapshot.Loc { return f.At(f.JSON().Offset(ptr)) }

// keyLoc is the location of the key naming the value at ptr.
func keyLoc(f *snapshot.File, ptr string) snapshot.Loc { return f.At(f.JSON().KeyOffset(ptr)) }

// nodeLoc is the location of a frontmatter node.
func nodeLoc(f *snapshot.File, n *yaml.Node) snapshot.Loc {
	if n == nil {
		return f.Line(max(f.Frontmatter().OpenLine, 1))
	}
	return f.LineCol(n.Line, n.Column)
}

// fmKeyLoc is the location of a top-level frontmatter key (or the opening
// marker when the key is absent).
func fmKeyLoc(f *snapshot.File, key string) snapshot.Loc {
	k, _ := f.Frontmatter().Get(key)
	return nodeLoc(f, k)
}

// fmValue returns a top-level frontmatter value as a plain value.
func fmValue(f *snapshot.File, key string) (any, *yaml.Node) {
	_, v := f.Frontmatter().Get(key)
	if v == nil {
		return nil, nil
	}
	val, err := snapshot.Value(v)
	if err != nil {
		return nil, v
	}
	return val, v
}

// scalarList reads a frontmatter value that may be a string (split on
// commas and blanks outside parentheses) or a list of strings, with the
// node of each element for positions.
func scalarList(v *yaml.Node) (items []string, nodes []*yaml.Node) {
	if v == nil {
		return nil, nil
	}
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag != "!!str" {
			return nil, nil // wrong type: the schema rule reports it
		}
		for _, s := range splitTools(v.Value) {
			items, nodes = append(items, s), append(nodes, v)
		}
	case yaml.SequenceNode:
		for _, c := range v.Content {
			if c.Kind == yaml.ScalarNode && c.Tag == "!!str" {
				items, nodes = append(items, strings.TrimSpace(c.Value)), append(nodes, c)
			}
		}
	}
	return items, nodes
}

// splitTools splits "Read, Bash(git add:*) Grep" into its entries.
func splitTools(s string) []string {
	var out []string
	depth, start := 0, 0
	flush := func(i int) {
		if t := strings.TrimSpace(s[start:i]); t != "" {
			out = append(out, t)
		}
		start = i + 1
	}
	for i, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case (r == ',' || r == ' ' || r == '\t') && depth == 0:
			flush(i)
		}
	}
	flush(len(s))
	return out
}

// isTrue reports whether a frontmatter key is the boolean true.
func isTrue(f *snapshot.File, key string) bool {
	v, _ := fmValue(f, key)
	b, ok := v.(bool)
	return ok && b
}

// isFalse reports whether a frontmatter key is the boolean false.
func isFalse(f *snapshot.File, key string) bool {
	v, _ := fmValue(f, key)
	b, ok := v.(bool)
	return ok && !b
}

// lastToken is the unescaped last reference token of a JSON pointer.
func lastToken(ptr string) string {
	i := strings.LastIndexByte(ptr, '/')
	t := ptr[i+1:]
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}

// findAll runs re over data only when data contains one of the literal
// needles every match must contain: Go's regexp is slow on patterns that
// do not start with a literal, and most files contain none of them.
func findAll(re *regexp.Regexp, data []byte, needles ...string) [][]int {
	for _, n := range needles {
		if bytes.Contains(data, []byte(n)) {
			return re.FindAllSubmatchIndex(data, -1)
		}
	}
	return nil
}

// sortedKeys lists a map's keys in order, for deterministic findings.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
