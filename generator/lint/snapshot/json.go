package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// JSON is a decoded JSON file with a map from JSON pointers to offsets.
type JSON struct {
	// Value is the decoded document (numbers as json.Number); nil when Err is set.
	Value any
	// Err is a syntax error; ErrOffset is the byte offset it was found at.
	Err       error
	ErrOffset int
	// BOM is set when the file starts with a UTF-8 byte order mark, which
	// strict JSON parsers reject. The document is decoded without it.
	BOM bool
	// Dups are the pointers of object keys that appear twice in one object
	// (the later one wins in Claude Code's parser), with the offset of the repeat.
	Dups  []Dup
	spans map[string]span
}

// Dup is a repeated object key.
type Dup struct {
	Pointer string
	Offset  int
}

type span struct{ key, val int }

var bom = []byte{0xEF, 0xBB, 0xBF}

// JSON parses the file as JSON once and returns the result.
func (f *File) JSON() *JSON {
	f.jsOnce.Do(func() { f.js = parseJSON(f.Data) })
	return f.js
}

func parseJSON(data []byte) *JSON {
	j := &JSON{spans: map[string]span{}}
	base := 0
	if bytes.HasPrefix(data, bom) {
		j.BOM, base = true, len(bom)
	}
	body := data[base:]
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		j.Err, j.ErrOffset = jsonErr(err, base+int(dec.InputOffset()), len(data))
		return j
	}
	if _, err := dec.Token(); err != io.EOF {
		j.Err, j.ErrOffset = errors.New("unexpected data after the top-level value"), base+int(dec.InputOffset())
		return j
	}
	j.Value = v
	s := &scanner{b: body, base: base, j: j}
	s.value("")
	return j
}

func jsonErr(err error, fallback, n int) (error, int) {
	var se *json.SyntaxError
	off := fallback
	if errors.As(err, &se) {
		off = int(se.Offset)
		if off > 0 {
			off-- // the offending byte, not the one after it
		}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err, off = errors.New("unexpected end of JSON input"), n
	}
	if off > n {
		off = n
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return errors.New(msg), off
}

// Offset is the offset of the value at ptr, or of its nearest ancestor that
// exists (so a missing property points at the object that lacks it).
func (j *JSON) Offset(ptr string) int {
	for {
		if sp, ok := j.spans[ptr]; ok {
			return sp.val
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return 0
		}
		ptr = ptr[:i]
	}
}

// KeyOffset is the offset of the key naming the value at ptr (the value's
// own offset for array elements and the root).
func (j *JSON) KeyOffset(ptr string) int {
	if sp, ok := j.spans[ptr]; ok && sp.key >= 0 {
		return sp.key
	}
	return j.Offset(ptr)
}

// Has reports whether ptr names a value in the document.
func (j *JSON) Has(ptr string) bool { _, ok := j.spans[ptr]; return ok }

// Pointer joins a JSON pointer and one unescaped reference token.
func Pointer(parent string, tok string) string {
	tok = strings.ReplaceAll(tok, "~", "~0")
	return parent + "/" + strings.ReplaceAll(tok, "/", "~1")
}

// scanner walks a document that encoding/json already accepted, recording
// where every value starts. It never sees invalid input.
type scanner struct {
	b    []byte
	i    int
	base int
	j    *JSON
}

func (s *scanner) ws() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

func (s *scanner) value(ptr string) {
	s.valueWithKey(ptr, -1)
}

func (s *scanner) valueWithKey(ptr string, key int) {
	s.ws()
	if s.i >= len(s.b) {
		return
	}
	s.j.spans[ptr] = span{key: key, val: s.base + s.i}
	switch s.b[s.i] {
	case '{':
		s.i++
		seen := map[string]bool{}
		for {
			s.ws()
			if s.i >= len(s.b) || s.b[s.i] == '}' {
				s.i++
				return
			}
			if s.b[s.i] == ',' {
				s.i++
				continue
			}
			kOff := s.base + s.i
			k := s.str()
			s.ws()
			s.i++ // ':'
			child := Pointer(ptr, k)
			if seen[k] {
				s.j.Dups = append(s.j.Dups, Dup{child, kOff})
			}
			seen[k] = true
			s.valueWithKey(child, kOff)
		}
	case '[':
		s.i++
		for n := 0; ; {
			s.ws()
			if s.i >= len(s.b) || s.b[s.i] == ']' {
				s.i++
				return
			}
			if s.b[s.i] == ',' {
				s.i++
				continue
			}
			s.value(ptr + "/" + strconv.Itoa(n))
			n++
		}
	case '"':
		s.str()
	default:
		for s.i < len(s.b) && !strings.ContainsRune(",]} \t\r\n", rune(s.b[s.i])) {
			s.i++
		}
	}
}

// str consumes a string token and returns its decoded value.
func (s *scanner) str() string {
	start := s.i
	s.i++
	esc := false
	for s.i < len(s.b) {
		c := s.b[s.i]
		s.i++
		if c == '\\' {
			esc = true
			s.i++
			continue
		}
		if c == '"' {
			break
		}
	}
	raw := s.b[start:min(s.i, len(s.b))]
	if !esc {
		return string(raw[1 : len(raw)-1])
	}
	var out string
	_ = json.Unmarshal(raw, &out)
	return out
}
