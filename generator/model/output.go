package model

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// Output says how the build writes a plugin's files. iflow's own
// plugin.yaml leaves it out and gets the defaults; `plugforge import` sets
// exact, so a hand-written plugin builds back to the bytes it had.
type Output struct {
	// Exact carries every source file as it is written: a markdown file's
	// frontmatter is part of its template instead of being re-rendered
	// from typed fields, whitespace is not normalised, the execute bit is
	// the source file's, and the frontmatter is read leniently (the linter
	// judges the output instead). The default is the strict, typed path.
	Exact bool `yaml:"exact,omitempty"`
	// Markers says where provenance is recorded: "files" (the default)
	// also puts a one-line generated-file marker in every file whose
	// format has comments; "manifest" leaves it to .plugforge-manifest.json.
	Markers Markers `yaml:"markers,omitempty"`
}

// Markers is where provenance is recorded.
type Markers string

const (
	MarkersFiles    Markers = "files"
	MarkersManifest Markers = "manifest"
)

// InFiles reports whether generated files carry a marker line.
func (o Output) InFiles() bool { return o.Markers != MarkersManifest }

func (m *Markers) UnmarshalYAML(n *yaml.Node) error {
	v, err := closedSet(n, "markers", []string{string(MarkersFiles), string(MarkersManifest)}, nil)
	*m = Markers(v)
	return err
}

// ManifestKeys are the plugin.json fields Manifest types, in the order the
// default template writes them.
var ManifestKeys = []string{"name", "version", "description", "author", "homepage", "repository", "license", "keywords"}

// PluginJSON is how .claude-plugin/plugin.json is laid out and which of its
// fields plugforge does not type. When plugin.yaml has it (plugforge import
// writes it), plugin.json is written from it and the typed fields instead
// of through templates/json/plugin.tmpl.
type PluginJSON struct {
	// Order lists the top-level keys in the order they are written. A key
	// listed is written even when empty; a typed field left out is written
	// after them when it is set.
	Order []string `yaml:"order,omitempty"`
	// Indent is one level of indentation; two spaces when empty.
	Indent string `yaml:"indent,omitempty"`
	// Inline lists the objects and arrays written on one line, by dotted
	// path ("keywords", "mcpServers.db.args", "x.0" for an array item).
	Inline []string `yaml:"inline,omitempty"`
	// ASCII escapes every non-ASCII character as \uXXXX, as Python's
	// json.dump does by default.
	ASCII bool `yaml:"ascii,omitempty"`
	// End is what follows the closing brace; one newline when absent.
	End *string `yaml:"end,omitempty"`
	// Extra holds the top-level fields Manifest does not type, in order.
	// They are written as they are.
	Extra JSONObject `yaml:"extra,omitempty"`
	// Omit writes no plugin.json at all, for a plugin whose marketplace
	// entry declares it: Claude Code 2.1.330 loads and validates a plugin
	// directory without one ("Validating components in: DIR").
	Omit bool `yaml:"omit,omitempty"`
	line int
}

func (p *PluginJSON) UnmarshalYAML(n *yaml.Node) error {
	type plain PluginJSON
	if err := n.Decode((*plain)(p)); err != nil {
		return err
	}
	p.line = n.Line
	return p.validate()
}

// validate checks that Order and Extra name each key once.
func (p *PluginJSON) validate() error {
	if p.Omit && (len(p.Order) > 0 || len(p.Extra.Fields) > 0) {
		return &PosError{Line: p.line, Msg: "plugin_json.omit writes no plugin.json, so it takes no order or extra"}
	}
	typed := map[string]bool{}
	for _, k := range ManifestKeys {
		typed[k] = true
	}
	extra := map[string]bool{}
	for _, f := range p.Extra.Fields {
		if extra[f.Key] {
			return &PosError{Line: f.Value.Line, Msg: fmt.Sprintf("plugin_json.extra: %q declared twice", f.Key)}
		}
		extra[f.Key] = true
	}
	seen := map[string]bool{}
	for _, k := range p.Order {
		switch {
		case seen[k]:
			return &PosError{Line: p.line, Msg: fmt.Sprintf("plugin_json.order lists %q twice", k)}
		case !typed[k] && !extra[k]:
			return &PosError{Line: p.line, Msg: fmt.Sprintf("plugin_json.order lists %q, which is neither a typed field nor in plugin_json.extra", k)}
		}
		seen[k] = true
	}
	return nil
}

// CheckPluginJSON makes sure plugin_json.extra only carries a typed field
// (an author that is a string, say) when plugin.yaml leaves that field
// unset, so plugin.json never has two values for one key.
func (m *Manifest) CheckPluginJSON() error {
	if m.PluginJSON == nil {
		return nil
	}
	set := map[string]bool{"name": true, "version": m.Version != "", "description": m.Description != "",
		"author": m.Author != nil, "homepage": m.Homepage != "", "repository": m.Repository != "",
		"license": m.License != "", "keywords": m.Keywords != nil}
	for _, f := range m.PluginJSON.Extra.Fields {
		if set[f.Key] {
			return &PosError{Line: f.Value.Line, Msg: fmt.Sprintf("plugin_json.extra: %q is also set at the top of plugin.yaml; keep one of them", f.Key)}
		}
	}
	return nil
}
