package source

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/model"
)

// This file holds what the loader does differently when plugin.yaml sets
// output.exact (an imported plugin): the whole markdown file is the
// template, its frontmatter is read leniently, and the manifest fields the
// typed path requires may be absent.

// requireTyped reports the first manifest field tagged pf:"typed" that
// plugin.yaml leaves out, unless output.exact is set. It is the check
// checkRequired would make for pf:"required", with the same message.
func requireTyped(disp string, data []byte, m *model.Manifest) error {
	if m.Output.Exact {
		return nil
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return posErr(disp, 0, data, err)
	}
	doc := &root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	present := map[string]bool{}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		present[doc.Content[i].Value] = true
	}
	t := reflect.TypeOf(*m)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := strings.Split(f.Tag.Get("yaml"), ",")[0]
		if f.Tag.Get("pf") == "typed" && !present[name] {
			return posErr(disp, 0, data, &model.PosError{Line: doc.Line, Msg: fmt.Sprintf("missing required field %q", name)})
		}
	}
	return nil
}

// parseExact reads a component of an exact plugin: the whole file is its
// body template (the frontmatter is written as it is), and Meta is filled
// from whatever frontmatter fields decode, for stats and names.
func parseExact[T any](disp, name string, data []byte) (Doc[T], error) {
	d := Doc[T]{Name: name, Path: disp, Body: string(data), BodyLine: 1}
	if err := checkText(disp, data); err != nil {
		return d, err
	}
	if err := checkExactName(disp, name); err != nil {
		return d, err
	}
	d.Meta = LenientMeta[T](data)
	return d, nil
}

// checkExactName accepts any name a file system gives, except control
// characters, which would break the one-line marker and messages.
func checkExactName(disp, name string) error {
	if name == "" {
		return &model.PosError{File: disp, Msg: "empty component name"}
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return &model.PosError{File: disp, Msg: fmt.Sprintf("name %q has a control character", name)}
		}
	}
	return nil
}

// LenientMeta decodes each frontmatter field of T that is present and of
// the right type, and ignores the rest: an imported plugin's frontmatter
// is carried verbatim and judged by the linter, not by the loader.
func LenientMeta[T any](data []byte) T {
	var meta T
	front, ok := Frontmatter(string(data))
	if !ok {
		return meta
	}
	var root yaml.Node
	if yaml.Unmarshal([]byte(front), &root) != nil || len(root.Content) != 1 || root.Content[0].Kind != yaml.MappingNode {
		return meta
	}
	m := root.Content[0]
	v := reflect.ValueOf(&meta).Elem()
	for i := 0; i < v.NumField(); i++ {
		key := strings.Split(v.Type().Field(i).Tag.Get("yaml"), ",")[0]
		for j := 0; j+1 < len(m.Content); j += 2 {
			if m.Content[j].Value == key {
				field := reflect.New(v.Field(i).Type())
				if m.Content[j+1].Decode(field.Interface()) == nil {
					v.Field(i).Set(field.Elem())
				}
			}
		}
	}
	return meta
}

// Frontmatter returns the YAML between a markdown file's opening "---"
// line and the next "---" line. ok is false when the file has none.
func Frontmatter(text string) (front string, ok bool) {
	first, rest, found := strings.Cut(text, "\n")
	if !found || strings.TrimRight(first, " \t") != "---" {
		return "", false
	}
	for off := 0; off <= len(rest); {
		line, _, _ := strings.Cut(rest[off:], "\n")
		if strings.TrimRight(line, " \t") == "---" {
			return rest[:off], true
		}
		if off+len(line) >= len(rest) {
			break
		}
		off += len(line) + 1
	}
	return "", false
}
