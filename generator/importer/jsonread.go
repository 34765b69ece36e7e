package importer

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/model"
)

// jsonDoc is a JSON file read with what its layout needs: the ordered
// value, the containers written on one line, the indentation unit, whether
// non-ASCII characters were escaped, and what follows the closing bracket.
type jsonDoc struct {
	Value  model.JSONValue // Line fields are lines of the JSON file
	Inline []string        // dotted paths, "" for the root
	Indent string
	ASCII  bool
	End    string
}

// jsonReader is a small recursive-descent JSON parser that keeps order and
// positions, which encoding/json does not: plugin.json must be written back
// byte for byte, and errors must name a line.
type jsonReader struct {
	s      string
	i      int
	line   int
	doc    *jsonDoc
	indent string
}

func readJSON(text string) (*jsonDoc, error) {
	r := &jsonReader{s: text, line: 1, doc: &jsonDoc{}}
	if strings.HasPrefix(text, "\ufeff") {
		return nil, &model.PosError{Line: 1, Msg: "file starts with a UTF-8 byte-order mark"}
	}
	r.space()
	v, err := r.value("", 0)
	if err != nil {
		return nil, err
	}
	r.doc.Value = v
	r.doc.End = text[r.i:]
	if strings.TrimSpace(r.doc.End) != "" {
		r.space()
		return nil, &model.PosError{Line: r.line, Msg: "unexpected text after the JSON value"}
	}
	r.doc.Indent = r.indent
	return r.doc, nil
}

func (r *jsonReader) space() {
	for r.i < len(r.s) && strings.IndexByte(" \t\r\n", r.s[r.i]) >= 0 {
		if r.s[r.i] == '\n' {
			r.line++
		}
		r.i++
	}
}

func (r *jsonReader) fail(format string, a ...any) error {
	return &model.PosError{Line: r.line, Msg: fmt.Sprintf(format, a...)}
}

func (r *jsonReader) value(at string, depth int) (model.JSONValue, error) {
	v := model.JSONValue{Line: r.line}
	if r.i >= len(r.s) {
		return v, r.fail("unexpected end of file")
	}
	switch c := r.s[r.i]; {
	case c == '{' || c == '[':
		return r.container(at, depth)
	case c == '"':
		s, err := r.str()
		v.Kind, v.Text = model.JSONString, s
		return v, err
	default:
		j := r.i
		for j < len(r.s) && strings.IndexByte(",]} \t\r\n", r.s[j]) < 0 {
			j++
		}
		lit := r.s[r.i:j]
		switch {
		case lit == "true" || lit == "false":
			v.Kind = model.JSONBool
		case lit == "null":
			v.Kind = model.JSONNull
		case model.IsJSONNumber(lit):
			v.Kind = model.JSONNumber
		default:
			return v, r.fail("invalid JSON value %q", lit)
		}
		v.Text, r.i = lit, j
		return v, nil
	}
}

func (r *jsonReader) container(at string, depth int) (model.JSONValue, error) {
	obj := r.s[r.i] == '{'
	v := model.JSONValue{Kind: model.JSONArray, Line: r.line}
	closer := byte(']')
	if obj {
		v.Kind, closer = model.JSONObjectKind, '}'
	}
	startLine := r.line
	r.i++
	seen := map[string]bool{}
	for n := 0; ; n++ {
		r.space()
		if r.i < len(r.s) && r.s[r.i] == closer && n == 0 {
			break
		}
		if n > 0 {
			if r.i >= len(r.s) || r.s[r.i] != ',' {
				if r.i < len(r.s) && r.s[r.i] == closer {
					break
				}
				return v, r.fail("expected ',' or '%c'", closer)
			}
			r.i++
			r.space()
		}
		if n == 0 && depth == 0 && r.line > startLine {
			r.indent = r.lineIndent()
		}
		child := strconv.Itoa(n)
		if obj {
			if r.i >= len(r.s) || r.s[r.i] != '"' {
				return v, r.fail("expected a quoted key")
			}
			keyLine := r.line
			key, err := r.str()
			if err != nil {
				return v, err
			}
			if seen[key] {
				return v, &model.PosError{Line: keyLine, Msg: fmt.Sprintf("key %q appears twice", key)}
			}
			seen[key] = true
			r.space()
			if r.i >= len(r.s) || r.s[r.i] != ':' {
				return v, r.fail("expected ':' after key %q", key)
			}
			r.i++
			r.space()
			child = key
		}
		path := child
		if at != "" {
			path = at + "." + child
		}
		item, err := r.value(path, depth+1)
		if err != nil {
			return v, err
		}
		if obj {
			v.Fields = append(v.Fields, model.JSONField{Key: child, Value: item})
		} else {
			v.Items = append(v.Items, item)
		}
	}
	if r.i >= len(r.s) {
		return v, r.fail("unexpected end of file")
	}
	r.i++ // the closer
	if r.line == startLine && (len(v.Fields) > 0 || len(v.Items) > 0) {
		r.doc.Inline = append(r.doc.Inline, at)
	}
	return v, nil
}

// lineIndent is the whitespace that starts the current line.
func (r *jsonReader) lineIndent() string {
	start := strings.LastIndexByte(r.s[:r.i], '\n') + 1
	return r.s[start:r.i]
}

// str reads a JSON string, noting \u escapes of non-ASCII characters.
func (r *jsonReader) str() (string, error) {
	var b strings.Builder
	r.i++ // the opening quote
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			return b.String(), nil
		case c == '\n' || c < 0x20:
			return "", r.fail("control character in a string")
		case c != '\\':
			rn, size := utf8.DecodeRuneInString(r.s[r.i:])
			if rn == utf8.RuneError && size == 1 {
				return "", r.fail("invalid UTF-8 in a string")
			}
			b.WriteString(r.s[r.i : r.i+size])
			r.i += size
			continue
		}
		if r.i+1 >= len(r.s) {
			break
		}
		e := r.s[r.i+1]
		if simple := strings.IndexByte(`"\/bfnrt`, e); simple >= 0 {
			b.WriteByte("\"\\/\b\f\n\r\t"[simple])
			r.i += 2
			continue
		}
		if e != 'u' || r.i+6 > len(r.s) {
			return "", r.fail("invalid escape in a string")
		}
		u, err := strconv.ParseUint(r.s[r.i+2:r.i+6], 16, 16)
		if err != nil {
			return "", r.fail("invalid \\u escape in a string")
		}
		r.i += 6
		rn := rune(u)
		if utf16.IsSurrogate(rn) && strings.HasPrefix(r.s[r.i:], `\u`) && r.i+6 <= len(r.s) {
			if lo, err := strconv.ParseUint(r.s[r.i+2:r.i+6], 16, 16); err == nil {
				if pair := utf16.DecodeRune(rn, rune(lo)); pair != utf8.RuneError {
					rn = pair
					r.i += 6
				}
			}
		}
		if rn > 0x7e {
			r.doc.ASCII = true
		}
		b.WriteRune(rn)
	}
	return "", r.fail("unterminated string")
}
