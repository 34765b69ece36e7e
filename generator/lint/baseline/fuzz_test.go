package baseline

import (
	"bytes"
	"testing"

	"github.com/plugforge/plugforge/generator/model"
)

// FuzzParse: any bytes give a baseline or a *model.PosError with a line
// inside the input, never a panic; what parses encodes to bytes that parse
// to the same encoding (the file is stable under rewriting).
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"version": 1, "findings": []}`,
		`{"version": 1, "findings": [{"plugin": "k", "path": "a.md", "rule": "XR003", "message": "\"k:x\" names N", "context": "0123456789abcdef", "count": 2}]}`,
		`{"version": 1, "findings": [{"plugin": "k", "path": "a", "rule": "XR003", "message": "m", "count": 1}, {"plugin": "k", "path": "a", "rule": "XR003", "message": "m", "count": 1}]}`,
		"{\n  \"version\": 2\n}", "[", `{"version": 1, "findings": [{}]}`, "\xef\xbb\xbf{}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data, "b.json")
		if err != nil {
			e, ok := err.(*model.PosError)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if lines := bytes.Count(data, []byte("\n")) + 1; e.Line < 0 || e.Line > lines {
				t.Fatalf("line %d outside %d lines: %v", e.Line, lines, e)
			}
			return
		}
		once := b.Encode()
		again, err := Parse(once, "b.json")
		if err != nil {
			t.Fatalf("its own encoding does not parse: %v\n%s", err, once)
		}
		if !bytes.Equal(again.Encode(), once) {
			t.Fatalf("encoding is not stable:\n%s\n%s", once, again.Encode())
		}
	})
}
