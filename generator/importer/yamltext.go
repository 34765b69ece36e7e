package importer

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/plugforge/plugforge/generator/model"
)

// The importer writes plugin.yaml and hooks.yaml as text rather than with
// yaml.Marshal, so they carry comments and quote every string the same
// way; the round-trip check proves they decode back to the values read.

// yq quotes s as a YAML double-quoted scalar. Everything not graphic is
// escaped: YAML folds raw line and paragraph separators (U+0085, U+2028,
// U+2029) and forbids most control characters inside quotes.
func yq(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == ' ' || unicode.IsGraphic(r) && r != '\u2028' && r != '\u2029' && r != '\ufeff':
			b.WriteRune(r)
		case r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// yqList is a flow list of quoted strings: ["a", "b"].
func yqList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = yq(x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// yamlValue writes v in block style after a "key:" or "-" already
// written, with nested lines at indent spaces.
func yamlValue(b *strings.Builder, v model.JSONValue, indent int) {
	pad := strings.Repeat(" ", indent)
	switch {
	case v.Kind == model.JSONObjectKind && len(v.Fields) == 0:
		b.WriteString(" {}\n")
	case v.Kind == model.JSONArray && len(v.Items) == 0:
		b.WriteString(" []\n")
	case v.Kind == model.JSONObjectKind:
		b.WriteString("\n")
		for _, f := range v.Fields {
			b.WriteString(pad + yq(f.Key) + ":")
			yamlValue(b, f.Value, indent+2)
		}
	case v.Kind == model.JSONArray:
		b.WriteString("\n")
		for _, item := range v.Items {
			b.WriteString(pad + "-")
			yamlValue(b, item, indent+2)
		}
	case v.Kind == model.JSONString:
		b.WriteString(" " + yq(v.Text) + "\n")
	default: // numbers keep their JSON text; true, false and null are YAML too
		b.WriteString(" " + v.Text + "\n")
	}
}
