package lint

import (
	"fmt"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestPointerLines checks the line range a JSON pointer covers: from the
// key to the last byte of the value, for objects, arrays, strings with
// brackets and escapes inside, numbers and array elements.
func TestPointerLines(t *testing.T) {
	doc := `{
  "a": {
    "b": "x}]\"y",
    "c": [1,
      2]
  },
  "d": 12,
  "e": [{"f": true},
    {"g": null}]
}
`
	u := snapshot.FromMemory("p", map[string][]byte{"x.json": []byte(doc)})
	f := u.File("x.json")
	for ptr, want := range map[string]string{
		"":      "1-10",
		"/a":    "2-6",
		"/a/b":  "3-3",
		"/a/c":  "4-5",
		"/d":    "7-7",
		"/e":    "8-9",
		"/e/0":  "8-8",
		"/e/1":  "9-9",
		"/nope": "none",
	} {
		got := "none"
		if from, to, ok := pointerLines(f, ptr); ok {
			got = fmt.Sprintf("%d-%d", from, to)
		}
		if got != want {
			t.Errorf("pointerLines(%q) = %s, want %s", ptr, got, want)
		}
	}
}
