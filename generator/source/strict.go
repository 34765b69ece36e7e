package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/model"
)

var notFound = lazyre.New(`^field (\S+) not found in type`)

var yamlLine = lazyre.New(`^(?:yaml: )?line (\d+): (.*)$`)

// parserProblem matches the problems yaml.v3's parser (as opposed to its
// scanner) reports; (*parser).fail in gopkg.in/yaml.v3 prints their line
// 0-based, one less than the line it means.
var parserProblem = lazyre.New(`^(did not find expected |found duplicate %|found incompatible YAML document|found undefined tag handle|expected \S+ event but got )`)

// decodeStrict decodes YAML into v, rejecting unknown keys and missing
// required fields. offset is added to YAML line numbers, for frontmatter
// that starts below line 1 of its file.
func decodeStrict(file string, offset int, data []byte, v any) error {
	if err := checkText(file, data); err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return posErr(file, offset, data, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return posErr(file, offset, data, err)
	}
	doc := &root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	if doc.Kind == 0 { // empty document: report every required field at line 1
		doc = &yaml.Node{Kind: yaml.MappingNode, Line: 1}
	}
	if err := checkRequired(reflect.TypeOf(v).Elem(), doc); err != nil {
		return posErr(file, offset, data, err)
	}
	return nil
}

// posErr turns a decoder error into a *model.PosError at the right file line.
func posErr(file string, offset int, data []byte, err error) error {
	var pe *model.PosError
	if errors.As(err, &pe) {
		return &model.PosError{File: file, Line: fileLine(data, pe.Line) + offset, Msg: pe.Msg}
	}
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.SplitN(msg, "\n", 2)[0]
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		if parserProblem.MatchString(m[2]) {
			n++ // yaml.v3 reports parser (not scanner) errors with a 0-based line
		}
		return &model.PosError{File: file, Line: fileLine(data, n) + offset, Msg: cleanYAML(m[2])}
	}
	return &model.PosError{File: file, Line: 1 + offset, Msg: cleanYAML(strings.TrimPrefix(msg, "yaml: "))}
}

// fileLine converts a yaml.v3 line number into a line of data as editors
// count them. YAML also breaks lines at U+0085, U+2028 and U+2029 (and CR,
// which checkText already refused), so without this a line separator
// inside a value would push positions past the end of the file.
func fileLine(data []byte, yamlLine int) int {
	line, breaks := 1, 0
	for i := 0; i < len(data) && breaks < yamlLine-1; i++ {
		switch {
		case data[i] == '\n':
			line++
			breaks++
		case data[i] == 0xc2 && i+1 < len(data) && data[i+1] == 0x85,
			data[i] == 0xe2 && i+2 < len(data) && data[i+1] == 0x80 && (data[i+2] == 0xa8 || data[i+2] == 0xa9):
			breaks++
		}
	}
	if breaks < yamlLine-1 { // past the last break: "at end of file"
		line += yamlLine - 1 - breaks
	}
	return line
}

// cleanYAML rewords yaml.v3's Go-flavoured messages for plugin authors.
func cleanYAML(s string) string {
	if m := notFound.FindStringSubmatch(s); m != nil {
		return fmt.Sprintf("unknown field %q", m[1])
	}
	s = regexp.MustCompile(`in type [\w.*]+`).ReplaceAllString(s, "here")
	s = regexp.MustCompile(`into [\w.*\[\]]+`).ReplaceAllStringFunc(s, func(t string) string {
		t = strings.TrimPrefix(t, "into ")
		switch {
		case strings.HasPrefix(t, "[]"):
			return "into a list"
		case strings.Contains(t, "int"):
			return "into a number"
		case strings.Contains(t, "bool"):
			return "into true/false"
		case t == "string" || strings.HasPrefix(t, "model."):
			return "into a string"
		}
		return "into a mapping"
	})
	return s
}

// CheckText reports why data cannot be a plugin-src text source (a BOM,
// CR line endings, a NUL byte, invalid UTF-8), as "file:line: msg"; nil if
// it can. plugforge import sends such files to raw/ instead.
func CheckText(file string, data []byte) error { return checkText(file, data) }

// checkText rejects bytes that would make output depend on the author's
// editor: a BOM, CR line endings, NUL bytes and invalid UTF-8.
func checkText(file string, data []byte) error {
	switch {
	case bytes.HasPrefix(data, []byte("\xef\xbb\xbf")):
		return &model.PosError{File: file, Line: 1, Msg: "file starts with a UTF-8 byte-order mark; save it without one"}
	case bytes.IndexByte(data, 0) >= 0:
		return &model.PosError{File: file, Line: 1 + bytes.Count(data[:bytes.IndexByte(data, 0)], []byte("\n")), Msg: "file contains a NUL byte"}
	case bytes.IndexByte(data, '\r') >= 0:
		return &model.PosError{File: file, Line: 1 + bytes.Count(data[:bytes.IndexByte(data, '\r')], []byte("\n")), Msg: "file has CR line endings; use LF"}
	}
	if !utf8Valid(data) {
		return &model.PosError{File: file, Line: 1 + bytes.Count(data[:invalidUTF8At(data)], []byte("\n")), Msg: "file is not valid UTF-8"}
	}
	return nil
}

// checkRequired walks a struct type beside its YAML node and reports the
// first unknown key or missing pf:"required" field. yaml.v3 forgets
// KnownFields inside custom unmarshalers, so this walk is what guarantees
// strictness there.
func checkRequired(t reflect.Type, n *yaml.Node) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := reflect.New(t).Interface().(model.YAMLShaper); ok {
		t = reflect.TypeOf(s.YAMLShape())
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil // a type error the decoder already reported
		}
		keys := map[string]*yaml.Node{}
		known := map[string]bool{}
		for i := 0; i < t.NumField(); i++ {
			if name := strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]; name != "" && name != "-" {
				known[name] = true // untagged (unexported) fields are not keys
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Value == "<<" { // a YAML merge key: its mapping's keys count as present
				if m := n.Content[i+1]; m.Kind == yaml.AliasNode && m.Alias != nil && m.Alias.Kind == yaml.MappingNode {
					for j := 0; j+1 < len(m.Alias.Content); j += 2 {
						keys[m.Alias.Content[j].Value] = m.Alias.Content[j+1]
					}
				}
				continue
			}
			if !known[k.Value] {
				return &model.PosError{Line: k.Line, Msg: fmt.Sprintf("unknown field %q", k.Value)}
			}
			keys[k.Value] = n.Content[i+1]
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name := strings.Split(f.Tag.Get("yaml"), ",")[0]
			if name == "" || name == "-" {
				continue
			}
			child, ok := keys[name]
			if !ok {
				if f.Tag.Get("pf") == "required" {
					return &model.PosError{Line: n.Line, Msg: fmt.Sprintf("missing required field %q", name)}
				}
				continue
			}
			if err := checkRequired(f.Type, child); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if n.Kind == yaml.SequenceNode {
			for _, c := range n.Content {
				if err := checkRequired(t.Elem(), c); err != nil {
					return err
				}
			}
		}
	case reflect.Map:
		if n.Kind == yaml.MappingNode {
			for i := 1; i < len(n.Content); i += 2 {
				if err := checkRequired(t.Elem(), n.Content[i]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
