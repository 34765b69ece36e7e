package model

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// JSONKind is the kind of a JSON value.
type JSONKind int

const (
	JSONNull JSONKind = iota
	JSONBool
	JSONNumber
	JSONString
	JSONArray
	JSONObjectKind
)

// JSONValue is a JSON value held in YAML with its order kept, for the
// plugin.json fields plugforge does not type. A number keeps the text it
// was written with, so 1.0 stays 1.0.
type JSONValue struct {
	Kind   JSONKind
	Text   string // a string's value; a number's or boolean's literal
	Fields []JSONField
	Items  []JSONValue
	Line   int // in the YAML it was read from
}

// JSONField is one member of a JSON object.
type JSONField struct {
	Key   string
	Value JSONValue
}

// JSONObject is a JSON object as an ordered list of fields.
type JSONObject struct {
	Fields []JSONField
}

// jsonNumber is JSON's number grammar (RFC 8259 §6).
var jsonNumber = lazyre.New(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// IsJSONNumber reports whether s is a number as JSON writes it.
func IsJSONNumber(s string) bool { return jsonNumber.MatchString(s) }

// YAMLShape tells the strict-key walk that any key may appear.
func (*JSONValue) YAMLShape() any { return map[string]any{} }

// YAMLShape tells the strict-key walk that any key may appear.
func (*JSONObject) YAMLShape() any { return map[string]any{} }

func (o *JSONObject) UnmarshalYAML(n *yaml.Node) error {
	var v JSONValue
	if err := v.UnmarshalYAML(n); err != nil {
		return err
	}
	if v.Kind != JSONObjectKind {
		return &PosError{Line: n.Line, Msg: "expected a mapping of JSON fields"}
	}
	o.Fields = v.Fields
	return nil
}

func (v *JSONValue) UnmarshalYAML(n *yaml.Node) error {
	n = resolve(n)
	v.Line = n.Line
	switch n.Kind {
	case yaml.MappingNode:
		v.Kind = JSONObjectKind
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!merge" {
				return &PosError{Line: k.Line, Msg: "a JSON object key must be a plain string (no merge keys or nested keys)"}
			}
			if seen[k.Value] {
				return &PosError{Line: k.Line, Msg: fmt.Sprintf("key %q declared twice", k.Value)}
			}
			seen[k.Value] = true
			var f JSONField
			f.Key = k.Value
			if err := f.Value.UnmarshalYAML(n.Content[i+1]); err != nil {
				return err
			}
			v.Fields = append(v.Fields, f)
		}
	case yaml.SequenceNode:
		v.Kind = JSONArray
		v.Items = make([]JSONValue, len(n.Content))
		for i, c := range n.Content {
			if err := v.Items[i].UnmarshalYAML(c); err != nil {
				return err
			}
		}
	case yaml.ScalarNode:
		return v.scalar(n)
	default:
		return &PosError{Line: n.Line, Msg: "expected a JSON value"}
	}
	return nil
}

func (v *JSONValue) scalar(n *yaml.Node) error {
	switch n.ShortTag() {
	case "!!null":
		v.Kind, v.Text = JSONNull, "null"
	case "!!bool":
		v.Kind, v.Text = JSONBool, strings.ToLower(n.Value)
	case "!!int", "!!float":
		if !IsJSONNumber(n.Value) {
			return &PosError{Line: n.Line, Msg: fmt.Sprintf("%q is not a JSON number; quote it if it is a string", n.Value)}
		}
		v.Kind, v.Text = JSONNumber, n.Value
	case "!!binary":
		return &PosError{Line: n.Line, Msg: "binary YAML values have no JSON form"}
	default: // !!str, and plain scalars YAML reads as timestamps
		v.Kind, v.Text = JSONString, n.Value
	}
	return nil
}
