package importer

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
)

// manifest is plugin.json turned into plugin.yaml.
type manifest struct {
	Name string
	YAML string
}

// typedShape says whether a plugin.json field fits the Manifest field of
// the same name exactly as the layout writer would write it back.
func typedShape(key string, v model.JSONValue) bool {
	switch key {
	case "name", "version", "description", "homepage", "repository", "license":
		return v.Kind == model.JSONString
	case "keywords":
		for _, k := range v.Items {
			if k.Kind != model.JSONString {
				return false
			}
		}
		return v.Kind == model.JSONArray
	case "author": // name first, then email and url, as Manifest writes them
		if v.Kind != model.JSONObjectKind || len(v.Fields) == 0 || v.Fields[0].Key != "name" {
			return false
		}
		want := []string{"name", "email", "url"}
		for _, f := range v.Fields {
			i := indexOf(want, f.Key)
			if i < 0 || f.Value.Kind != model.JSONString {
				return false
			}
			want = want[i+1:]
		}
		return true
	}
	return false
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if x == y {
			return i
		}
	}
	return -1
}

// convertManifest turns plugin.json into plugin.yaml: every typed field
// at the top, the rest verbatim under plugin_json.extra (each with a
// warning), and the key order and layout under plugin_json.
func convertManifest(data []byte, markers model.Markers, note func(Message)) (*manifest, error) {
	doc, err := readJSON(string(data))
	if err != nil {
		je := err.(*model.PosError)
		return nil, &model.PosError{File: model.PluginManifestPath, Line: je.Line, Msg: "invalid JSON: " + je.Msg}
	}
	root := doc.Value
	if root.Kind != model.JSONObjectKind {
		return nil, &model.PosError{File: model.PluginManifestPath, Line: root.Line, Msg: "plugin.json must be a JSON object"}
	}
	fields := map[string]model.JSONValue{}
	var order []string
	var extra []model.JSONField
	for _, f := range root.Fields {
		order = append(order, f.Key)
		if indexOf(model.ManifestKeys, f.Key) >= 0 && typedShape(f.Key, f.Value) {
			fields[f.Key] = f.Value
			continue
		}
		if f.Key == "name" {
			return nil, &model.PosError{File: model.PluginManifestPath, Line: f.Value.Line, Msg: "name must be a string"}
		}
		extra = append(extra, f)
		why := fmt.Sprintf("field %q is not one plugforge types", f.Key)
		if indexOf(model.ManifestKeys, f.Key) >= 0 {
			why = fmt.Sprintf("field %q has a shape plugforge does not type", f.Key)
		}
		note(Message{Path: model.PluginManifestPath, Line: f.Value.Line, Warning: true, Text: why + "; kept as written under plugin_json.extra in plugin.yaml"})
	}
	name, ok := fields["name"]
	if !ok {
		return nil, &model.PosError{File: model.PluginManifestPath, Line: root.Line, Msg: "plugin.json has no name"}
	}
	if !model.ValidName(name.Text) {
		return nil, &model.PosError{File: model.PluginManifestPath, Line: name.Line, Msg: fmt.Sprintf("name %q is not kebab-case; plugforge builds variants under kebab-case names, so rename the plugin before importing it", name.Text)}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# The %s plugin, imported by `plugforge import`. plugforge renders\n# .claude-plugin/plugin.json from the fields below, in the order and layout\n# plugin_json records; a variant's name and version replace name and version.\n", name.Text)
	for _, k := range model.ManifestKeys {
		v, ok := fields[k]
		switch {
		case !ok:
		case k == "author":
			b.WriteString("author:\n")
			for _, f := range v.Fields {
				fmt.Fprintf(&b, "  %s: %s\n", f.Key, yq(f.Value.Text))
			}
		case k == "keywords":
			kw := make([]string, len(v.Items))
			for i, item := range v.Items {
				kw[i] = item.Text
			}
			fmt.Fprintf(&b, "keywords: %s\n", yqList(kw))
		default:
			fmt.Fprintf(&b, "%s: %s\n", k, yq(v.Text))
		}
	}
	variantAndOutput(&b, name.Text, markers)
	b.WriteString("plugin_json:\n")
	fmt.Fprintf(&b, "  order: %s\n", yqList(order))
	if doc.Indent != "" {
		fmt.Fprintf(&b, "  indent: %s\n", yq(doc.Indent))
	}
	if len(doc.Inline) > 0 {
		fmt.Fprintf(&b, "  inline: %s\n", yqList(doc.Inline))
	}
	if doc.ASCII {
		b.WriteString("  ascii: true\n")
	}
	if doc.End != "\n" {
		fmt.Fprintf(&b, "  end: %s\n", yq(doc.End))
	}
	if len(extra) > 0 {
		b.WriteString("  extra:")
		yamlValue(&b, model.JSONValue{Kind: model.JSONObjectKind, Fields: extra}, 4)
	}
	return &manifest{Name: name.Text, YAML: b.String()}, nil
}

// variantAndOutput writes the one variant an imported plugin builds and
// the output options that make the build exact.
func variantAndOutput(b *strings.Builder, name string, markers model.Markers) {
	fmt.Fprintf(b, "variants:\n  # dialect words plugforge's dispatch templates, which imported text does\n  # not call until you move a repeated block into one.\n  - id: %s\n    name: %s\n    dialect: \"agent-sendmessage\"\n", yq(name), yq(name))
	b.WriteString("output:\n  # Every source is written as it is: whole-file templates, no normalisation.\n  exact: true\n")
	if markers == "" {
		markers = model.MarkersFiles
	}
	fmt.Fprintf(b, "  # \"files\" adds one generated-file marker line to each file that has\n  # comments; \"manifest\" keeps provenance in .plugforge-manifest.json only.\n  markers: %s\n", yq(string(markers)))
}

// noManifest is plugin.yaml for a plugin without plugin.json (its
// marketplace entry declares it): the name comes from the directory, and
// the build writes no plugin.json either.
func noManifest(dirName string, markers model.Markers, note func(Message)) (*manifest, error) {
	if !model.ValidName(dirName) {
		return nil, &model.PosError{File: model.PluginManifestPath, Msg: fmt.Sprintf("missing, and the directory name %q is no kebab-case plugin name to use instead; add a plugin.json with a name", dirName)}
	}
	note(Message{Path: model.PluginManifestPath, Warning: true, Text: fmt.Sprintf("missing: the plugin is named %q after its directory, and the build writes no plugin.json either (plugin_json.omit)", dirName)})
	var b strings.Builder
	fmt.Fprintf(&b, "# The %s plugin, imported by `plugforge import`. It has no plugin.json\n# (its marketplace entry declares it), so the build writes none.\nname: %s\n", dirName, yq(dirName))
	variantAndOutput(&b, dirName, markers)
	b.WriteString("plugin_json:\n  omit: true\n")
	return &manifest{Name: dirName, YAML: b.String()}, nil
}
