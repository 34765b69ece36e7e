package rules

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/schemas"
)

// The fixes of this file edit frontmatter text in place, one scalar or key
// at a time, and only where the edit cannot change what Claude Code reads
// (or changes exactly what the rule says is wrong). They return nil when
// the source is not in the simple shape they can edit safely.

// repairFix writes Claude Code's own repair of frontmatter line n into the
// file: the value quoted (FM005).
func repairFix(f *snapshot.File, n int) *lint.Fix {
	text := f.LineText(n)
	fixed, ok := snapshot.RepairLine(text)
	if !ok {
		return nil
	}
	start := f.LineOffset(n)
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: start, End: start + len(text), New: fixed}}}
}

// crRepairFix quotes each of lines as Claude Code's repair would had the
// line ended in LF (FM004 in a CRLF file); the "\r" stays.
func crRepairFix(f *snapshot.File, lines []int) *lint.Fix {
	fix := &lint.Fix{Path: f.Path}
	for _, n := range lines {
		one := repairFix(f, n)
		if one == nil {
			return nil
		}
		fix.Edits = append(fix.Edits, one.Edits...)
	}
	return fix
}

// listTextFix quotes a one-line flow list ("[pr-number]") as written, so
// it is the text Claude Code shows (FM007).
func listTextFix(f *snapshot.File, v *yaml.Node) *lint.Fix {
	start, ok := nodeOffset(f, v)
	if !ok || v.Style&yaml.FlowStyle == 0 || f.Data[start] != '[' {
		return nil
	}
	end := flowEnd(f.Data, start)
	if end < 0 || !commentOrEnd(f.Data[end:]) {
		return nil
	}
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: start, End: end, New: strconv.Quote(string(f.Data[start:end]))}}}
}

// flowEnd is the offset just past the bracket closing the flow collection
// that opens at start, on the same line; -1 if there is none.
func flowEnd(b []byte, start int) int {
	depth := 0
	var quote byte
	for i := start; i < len(b) && b[i] != '\n' && b[i] != '\r'; i++ {
		c := b[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// commentOrEnd reports whether rest of a line holds only blanks and maybe
// a comment.
func commentOrEnd(rest []byte) bool {
	for i, c := range rest {
		switch c {
		case ' ', '\t':
			continue
		case '#':
			return i > 0
		case '\r', '\n':
			return true
		}
		return false
	}
	return true
}

// scalarFix replaces the scalar v with value, written plain when YAML
// reads it back as that string, else double-quoted (CP012).
func scalarFix(f *snapshot.File, v *yaml.Node, value string) *lint.Fix {
	start, ok := nodeOffset(f, v)
	if !ok || v.Kind != yaml.ScalarNode {
		return nil
	}
	var raw string
	switch v.Style {
	case 0:
		raw = v.Value
	case yaml.DoubleQuotedStyle:
		raw = strconv.Quote(v.Value)
	case yaml.SingleQuotedStyle:
		raw = "'" + strings.ReplaceAll(v.Value, "'", "''") + "'"
	default:
		return nil
	}
	end := start + len(raw)
	if raw == "" || strings.Contains(raw, "\n") || end > len(f.Data) || string(f.Data[start:end]) != raw || !commentOrEnd(f.Data[end:]) {
		return nil
	}
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: start, End: end, New: yamlString(value)}}}
}

var plainSafe = lazyre.New(`^[A-Za-z][A-Za-z0-9._-]*$`)

// yamlString writes s as a YAML scalar that reads back as the string s.
func yamlString(s string) string {
	var back string
	if plainSafe.MatchString(s) && yaml.Unmarshal([]byte(s), &back) == nil && back == s {
		return s
	}
	return strconv.Quote(s)
}

var kebabName = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// addNameFix adds "name: <file stem>" as the first frontmatter key of an
// agent, the name Claude Code already gives it (CP002). Only block
// mappings starting at column 1, and stems that are kebab-case names.
func addNameFix(f *snapshot.File) *lint.Fix {
	fm := f.Frontmatter()
	stem := strings.TrimSuffix(f.Base(), ".md")
	if !fm.Present || !fm.Mapping() || fm.Root.Style&yaml.FlowStyle != 0 || !kebabName.MatchString(stem) ||
		len(fm.Root.Content) == 0 || fm.Root.Content[0].Column != 1 {
		return nil
	}
	at := f.LineOffset(fm.OpenLine + 1)
	eol := "\n"
	if at >= 2 && string(f.Data[at-2:at]) == "\r\n" {
		eol = "\r\n"
	}
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: at, End: at, New: "name: " + stem + eol}}}
}

// keyTypoFixDoc is SC009's Doc.Fix.
const keyTypoFixDoc = `renames an unknown frontmatter key to the one key the component's schema
knows that is a single edit away (a character inserted, deleted or replaced), unless that key
is already set. Keys of JSON files are left to you.`

// keyTypoFix renames an unknown top-level frontmatter key to the one known
// key of the file's schema that is a single edit away (insert, delete or
// replace one character), when that key is not already there (SC009).
func keyTypoFix(f *snapshot.File, key string) *lint.Fix {
	fm := f.Frontmatter()
	if !f.Kind.IsComponent() || !fm.Mapping() {
		return nil
	}
	var match string
	for _, known := range schemaKeys(facts.SchemaFor[f.Kind]) {
		if oneEdit(key, known) {
			if match != "" {
				return nil // two candidates: not mechanical
			}
			match = known
		}
	}
	if match == "" {
		return nil
	}
	if k, _ := fm.Get(match); k != nil {
		return nil
	}
	var node *yaml.Node
	c := fm.Root.Content
	for i := 0; i+1 < len(c); i += 2 {
		if c[i].Value == key {
			if node != nil {
				return nil // the key repeats (FM008)
			}
			node = c[i]
		}
	}
	if node == nil || node.Style != 0 {
		return nil
	}
	start, ok := nodeOffset(f, node)
	if !ok || !strings.HasPrefix(string(f.Data[start:]), key+":") {
		return nil
	}
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: start, End: start + len(key), New: match}}}
}

// oneEdit reports whether a and b are one insertion, deletion or
// substitution apart.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 || a == b {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}

var (
	schemaKeysMu    sync.Mutex
	schemaKeysCache = map[string][]string{}
)

// schemaKeys lists the top-level properties of an embedded schema.
func schemaKeys(name string) []string {
	schemaKeysMu.Lock()
	defer schemaKeysMu.Unlock()
	if keys, ok := schemaKeysCache[name]; ok {
		return keys
	}
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	data, err := schemas.FS.ReadFile(name)
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		panic(err) // the embedded schemas are broken: a plugforge bug
	}
	var keys []string
	for k := range s.Properties {
		keys = append(keys, k)
	}
	schemaKeysCache[name] = keys
	return keys
}

// nodeOffset is the byte offset of a frontmatter node (yaml.v3 columns
// count characters).
func nodeOffset(f *snapshot.File, n *yaml.Node) (int, bool) {
	if n == nil || n.Line < 1 || n.Column < 1 {
		return 0, false
	}
	off := f.LineOffset(n.Line)
	for col := 1; col < n.Column; col++ {
		if off >= len(f.Data) || f.Data[off] == '\n' {
			return 0, false
		}
		_, size := utf8.DecodeRune(f.Data[off:])
		off += size
	}
	return off, off < len(f.Data)
}
