package render

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
)

// manifestJSON renders .claude-plugin/plugin.json: through
// json/plugin.tmpl, or, when plugin.yaml has plugin_json (an imported
// plugin), in the key order and layout it records, with its extra fields.
func (p *Prepared) manifestJSON(r *run, info PluginInfo) (File, error) {
	const out = ".claude-plugin/plugin.json"
	layout := p.src.Manifest.PluginJSON
	if layout == nil {
		return p.json(r, out, "json/plugin.tmpl", nil, p.manifestView(info))
	}
	w := jsonWriter{indent: layout.Indent, ascii: layout.ASCII, inline: map[string]bool{}}
	if w.indent == "" {
		w.indent = "  "
	}
	for _, in := range layout.Inline {
		w.inline[in] = true
	}
	w.value(model.JSONValue{Kind: model.JSONObjectKind, Fields: manifestFields(p.src.Manifest, info)}, "", 0)
	end := "\n"
	if layout.End != nil {
		end = *layout.End
	}
	data := []byte(w.b.String() + end)
	if err := checkJSON(data); err != nil {
		return File{}, fmt.Errorf("%s/plugin.yaml: plugin_json renders invalid JSON: %v", p.src.Dir, err)
	}
	return File{Path: out, Data: data, Mode: 0o644, Sources: []string{path.Join(p.src.Dir, "plugin.yaml")}}, nil
}

// manifestFields lists plugin.json's top-level fields: those in
// plugin_json.order first (a listed field is written even when empty),
// then typed fields that are set, then extra fields not listed.
func manifestFields(m model.Manifest, info PluginInfo) []model.JSONField {
	str := func(s string) model.JSONValue { return model.JSONValue{Kind: model.JSONString, Text: s} }
	typed := map[string]model.JSONValue{}
	set := map[string]bool{}
	add := func(k string, v model.JSONValue, isSet bool) { typed[k], set[k] = v, isSet }
	add("name", str(info.Name), true)
	add("version", str(info.Version), info.Version != "")
	add("description", str(info.Description), info.Description != "")
	if a := m.Author; a != nil {
		obj := model.JSONValue{Kind: model.JSONObjectKind, Fields: []model.JSONField{{Key: "name", Value: str(a.Name)}}}
		for _, f := range [][2]string{{"email", a.Email}, {"url", a.URL}} {
			if f[1] != "" {
				obj.Fields = append(obj.Fields, model.JSONField{Key: f[0], Value: str(f[1])})
			}
		}
		add("author", obj, true)
	}
	add("homepage", str(m.Homepage), m.Homepage != "")
	add("repository", str(m.Repository), m.Repository != "")
	add("license", str(m.License), m.License != "")
	kw := model.JSONValue{Kind: model.JSONArray, Items: []model.JSONValue{}}
	for _, k := range m.Keywords {
		kw.Items = append(kw.Items, str(k))
	}
	add("keywords", kw, m.Keywords != nil)

	extra := map[string]model.JSONValue{}
	for _, f := range m.PluginJSON.Extra.Fields {
		extra[f.Key] = f.Value
	}
	var out []model.JSONField
	done := map[string]bool{}
	for _, k := range m.PluginJSON.Order { // validated: each is typed or extra
		v, ok := extra[k] // a typed key is only in extra when unset
		if !ok {
			v, ok = typed[k]
		}
		if ok {
			out = append(out, model.JSONField{Key: k, Value: v})
			done[k] = true
		}
	}
	for _, k := range model.ManifestKeys {
		if !done[k] && set[k] {
			out = append(out, model.JSONField{Key: k, Value: typed[k]})
			done[k] = true
		}
	}
	for _, f := range m.PluginJSON.Extra.Fields {
		if !done[f.Key] {
			out = append(out, f)
		}
	}
	return out
}

// jsonWriter writes JSON in the layout JSON.stringify(v, null, indent)
// and Python's json.dump(v, indent=…) share, except that containers named
// in inline are written on one line as ["a", "b"] or {"k": "v"}.
type jsonWriter struct {
	b      strings.Builder
	indent string
	ascii  bool
	inline map[string]bool
}

func (w *jsonWriter) value(v model.JSONValue, at string, depth int) {
	switch v.Kind {
	case model.JSONString:
		w.str(v.Text)
	case model.JSONArray, model.JSONObjectKind:
		w.container(v, at, depth)
	default:
		w.b.WriteString(v.Text)
	}
}

func (w *jsonWriter) container(v model.JSONValue, at string, depth int) {
	open, close, n := "[", "]", len(v.Items)
	if v.Kind == model.JSONObjectKind {
		open, close, n = "{", "}", len(v.Fields)
	}
	w.b.WriteString(open)
	if n == 0 {
		w.b.WriteString(close)
		return
	}
	inline := w.inline[at]
	for i := 0; i < n; i++ {
		switch {
		case inline && i > 0:
			w.b.WriteString(", ")
		case !inline:
			if i > 0 {
				w.b.WriteString(",")
			}
			w.b.WriteString("\n" + strings.Repeat(w.indent, depth+1))
		}
		child := strconv.Itoa(i)
		item := model.JSONValue{}
		if v.Kind == model.JSONObjectKind {
			child, item = v.Fields[i].Key, v.Fields[i].Value
			w.str(child)
			w.b.WriteString(": ")
		} else {
			item = v.Items[i]
		}
		if at != "" {
			child = at + "." + child
		}
		w.value(item, child, depth+1)
	}
	if !inline {
		w.b.WriteString("\n" + strings.Repeat(w.indent, depth))
	}
	w.b.WriteString(close)
}

// str writes a JSON string with the escapes both JSON.stringify and
// Python's json module use: \" \\ \b \f \n \r \t, \u00XX for other control
// characters, and (ascii) \uXXXX, in surrogate pairs beyond U+FFFF, for
// every character outside printable ASCII.
func (w *jsonWriter) str(s string) {
	w.b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			w.b.WriteString(`\"`)
		case r == '\\':
			w.b.WriteString(`\\`)
		case r == '\b':
			w.b.WriteString(`\b`)
		case r == '\f':
			w.b.WriteString(`\f`)
		case r == '\n':
			w.b.WriteString(`\n`)
		case r == '\r':
			w.b.WriteString(`\r`)
		case r == '\t':
			w.b.WriteString(`\t`)
		case r < 0x20, w.ascii && r > 0x7e:
			if r > 0xffff {
				r -= 0x10000
				fmt.Fprintf(&w.b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
			} else {
				fmt.Fprintf(&w.b, `\u%04x`, r)
			}
		default:
			w.b.WriteRune(r)
		}
	}
	w.b.WriteByte('"')
}
