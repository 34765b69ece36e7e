package facts

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// FrontmatterValues is a component's top-level frontmatter keys decoded to
// plain values (snapshot.Value), each once.
type FrontmatterValues struct {
	values map[string]any
}

// Frontmatter decodes a markdown file's frontmatter keys to plain values.
var Frontmatter = lint.NewFileAnalysis("frontmatter", "the top-level frontmatter keys of a markdown file as plain values",
	nil, func(_ *lint.Input, f *snapshot.File) *FrontmatterValues {
		fv := &FrontmatterValues{values: map[string]any{}}
		fm := f.Frontmatter()
		if !fm.Mapping() {
			return fv
		}
		for i := 0; i+1 < len(fm.Root.Content); i += 2 {
			key := fm.Root.Content[i].Value
			if _, done := fv.values[key]; done {
				continue
			}
			_, v := fm.Get(key) // the last of repeated keys, as Claude Code reads them
			if val, err := snapshot.Value(v); err == nil {
				fv.values[key] = val
			}
		}
		return fv
	})

// Value is a top-level key's value, nil when absent or too large to decode.
func (fv *FrontmatterValues) Value(key string) any { return fv.values[key] }

// IsTrue reports whether a key is the boolean true.
func (fv *FrontmatterValues) IsTrue(key string) bool { b, ok := fv.values[key].(bool); return ok && b }

// IsFalse reports whether a key is the boolean false.
func (fv *FrontmatterValues) IsFalse(key string) bool {
	b, ok := fv.values[key].(bool)
	return ok && !b
}

// ScalarList reads a frontmatter value that may be a string (split on
// commas and blanks outside parentheses) or a list of strings, with the
// node of each element for positions.
func ScalarList(v *yaml.Node) (items []string, nodes []*yaml.Node) {
	if v == nil {
		return nil, nil
	}
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag != "!!str" {
			return nil, nil // wrong type: the schema rule reports it
		}
		for _, s := range SplitTools(v.Value) {
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

// SplitTools splits "Read, Bash(git add:*) Grep" into its entries.
func SplitTools(s string) []string {
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
