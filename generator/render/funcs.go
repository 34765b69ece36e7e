package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"text/template"
)

// funcs is the small, pure FuncMap every template gets. Anything that needs
// the plugin or the variant is a method on the data instead.
var funcs = template.FuncMap{
	"q":      jsonString, // a JSON string literal, also a valid YAML double-quoted scalar
	"indent": indent,
	"trim":   strings.TrimSpace,
	"lower":  strings.ToLower,
	"join":   strings.Join,
	"add":    func(a, b int) int { return a + b },
	"last":   func(i, n int) bool { return i == n-1 },
	"list":   func(xs ...string) []string { return xs },
}

func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // encoding a string cannot fail
	return strings.TrimSuffix(b.String(), "\n")
}

// indent prefixes every non-empty line of s with n spaces.
func indent(n int, s string) string {
	pad := strings.Repeat(" ", n)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return strings.Join(lines, "\n")
}
