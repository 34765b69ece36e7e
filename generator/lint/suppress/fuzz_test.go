package suppress

import (
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// FuzzParse: any text parses without panicking, in every comment style,
// and every directive's positions lie inside the file.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"<!-- plugforge-disable-next-line XR006, CT007: why -->\nx\n",
		"---\n# plugforge-disable-line a,,b ,c reason\n---\n<!-- plugforge-enable -->",
		"x # plugforge-disable XR006:\n# plugforge-enable XR006\n",
		"// plugforge-disable-file \u00e9,\u00e9 r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range []string{"a.md", "a.sh", "a.js"} {
			u := snapshot.FromMemory("p", map[string][]byte{name: []byte(s)})
			file := u.File(name)
			for _, d := range Parse(file, nil) {
				if d.Line < 1 || d.Line > file.NumLines() || d.Col < 1 {
					t.Fatalf("%s: directive at %d:%d outside the file", name, d.Line, d.Col)
				}
				for _, n := range d.Names {
					if n.Col <= d.Col || n.Text == "" {
						t.Fatalf("%s: name %+v before its directive at column %d", name, n, d.Col)
					}
				}
			}
		}
	})
}
