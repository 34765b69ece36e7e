package snapshot

import (
	"testing"

	"gopkg.in/yaml.v3"
)

// The fuzzers check the parsers' properties on arbitrary bytes: no panic,
// and every position they hand out lies inside the file.

func FuzzFrontmatter(f *testing.F) {
	for _, s := range []string{"---\ndescription: x\n---\nbody", "---\na: &a [*a]\n---\n", "\ufeff---\n---\n",
		"---\ndescription: a: b\nargument-hint: [x\n---\n", "---\r\n\t- x\r\n---\r\n", "---\n---"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fl := &File{Path: "x.md", Data: data}
		fm := fl.Frontmatter()
		if fm.Err != nil {
			inside(t, fl, Pos{fm.ErrLine, 1})
		}
		if fm.Root != nil {
			_, _ = Value(fm.Root)
			walk(fm.Root, func(line int) { inside(t, fl, Pos{line, 1}) })
		}
		md := fl.Markdown()
		for _, h := range md.Headings {
			inside(t, fl, fl.PosOf(h.Offset))
		}
		for _, fe := range md.Fences {
			inside(t, fl, Pos{fe.Line, 1})
			inside(t, fl, Pos{fe.EndLine, 1})
		}
	})
}

func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, {"b": "c"}]}`, "\ufeff{}", `{"a":1,"a":2}`, `[`, `{"\u00e9\\"": null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fl := &File{Path: "x.json", Data: data}
		j := fl.JSON()
		if j.Err != nil {
			inside(t, fl, fl.PosOf(j.ErrOffset))
			if j.ErrOffset < 0 || j.ErrOffset > len(data) {
				t.Fatalf("error offset %d outside %d bytes", j.ErrOffset, len(data))
			}
			return
		}
		for ptr, sp := range j.spans {
			if sp.val < 0 || sp.val > len(data) || sp.key > len(data) {
				t.Fatalf("%s: span %+v outside %d bytes", ptr, sp, len(data))
			}
		}
	})
}

func inside(t *testing.T, f *File, p Pos) {
	t.Helper()
	if p.Line < 1 || p.Line > max(f.NumLines(), 1) {
		t.Fatalf("line %d outside %d lines", p.Line, f.NumLines())
	}
}

func walk(n *yaml.Node, fn func(int)) {
	var rec func(*yaml.Node, int)
	rec = func(n *yaml.Node, d int) {
		if n == nil || d > maxDepth {
			return
		}
		fn(n.Line)
		for _, c := range n.Content {
			rec(c, d+1)
		}
	}
	rec(n, 0)
}
