package snapshot

import (
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

func file(data string) *File { return &File{Path: "x.md", Data: []byte(data)} }

func TestFrontmatterSplit(t *testing.T) {
	for _, c := range []struct {
		name, data                          string
		present, hidden, unclosed, repaired bool
		errLine                             int
	}{
		{"plain", "---\ndescription: x\n---\nbody\n", true, false, false, false, 0},
		{"crlf", "---\r\ndescription: x\r\n---\r\nbody\r\n", true, false, false, false, 0},
		{"trailing blank on closer", "---\ndescription: x\n--- \nbody\n", true, false, false, false, 0},
		{"bom is stripped as 2.1.330 does", "\ufeff---\ndescription: x\n---\n", true, false, false, false, 0},
		{"bom then blank line", "\ufeff\n---\ndescription: x\n---\n", false, true, false, false, 0},
		{"tab-indented nested key repaired", "---\nmetadata:\n\towner: me\n---\n", true, false, false, true, 3},
		{"leading blank line", "\n---\ndescription: x\n---\n", false, true, false, false, 0},
		{"unclosed", "---\ndescription: x\nbody\n", false, false, true, false, 0},
		{"dots do not close", "---\ndescription: x\n...\n", false, false, true, false, 0},
		{"none", "# title\n", false, false, false, false, 0},
		{"colon value repaired", "---\ndescription: a: b\n---\n", true, false, false, true, 2},
		{"open bracket repaired", "---\nargument-hint: [x\n---\n", true, false, false, true, 2},
		{"tab is fatal", "---\ndescription: x\n\tfoo: b\n---\n", true, false, false, false, 3},
		{"empty block", "---\n---\nbody", true, false, false, false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			fm := file(c.data).Frontmatter()
			if fm.Present != c.present || fm.Hidden != c.hidden || fm.Unclosed != c.unclosed || fm.Repaired != c.repaired {
				t.Fatalf("got present=%v hidden=%v unclosed=%v repaired=%v", fm.Present, fm.Hidden, fm.Unclosed, fm.Repaired)
			}
			if c.errLine != 0 && fm.ErrLine != c.errLine {
				t.Errorf("error line %d, want %d (%v)", fm.ErrLine, c.errLine, fm.Err)
			}
			if c.present && c.errLine == 0 && fm.Err != nil {
				t.Errorf("unexpected error %v", fm.Err)
			}
		})
	}
}

func TestFrontmatterLinesAreFileLines(t *testing.T) {
	f := file("---\nname: a\ndescription: b\n---\n")
	k, v := f.Frontmatter().Get("description")
	if k.Line != 3 || v.Line != 3 {
		t.Fatalf("description at line %d/%d, want 3", k.Line, v.Line)
	}
}

func TestAliasBombIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\na: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for i := 0; i < 12; i++ {
		name := string(rune('b' + i))
		b.WriteString(name + ": &" + name + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*" + prev)
		}
		b.WriteString("]\n")
		prev = name
	}
	b.WriteString("---\n")
	start := time.Now()
	fm := file(b.String()).Frontmatter()
	if fm.Root == nil {
		t.Fatalf("bomb should parse as a node tree: %v", fm.Err)
	}
	if _, err := Value(fm.Root); err != ErrYAMLBudget {
		t.Fatalf("Value: got %v, want ErrYAMLBudget", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v", d)
	}
}

func TestPositionsStayInsideFile(t *testing.T) {
	for _, data := range []string{"", "a", "a\n", "\r\n\r\n", "\x00\x00", "\ufeff", strings.Repeat("x", 1<<20), "é\nü"} {
		f := file(data)
		n := f.NumLines()
		for _, off := range []int{-5, 0, 1, len(data) / 2, len(data), len(data) + 10} {
			p := f.PosOf(off)
			if p.Line < 1 || p.Line > max(n, 1) || p.Col < 1 {
				t.Errorf("%q: PosOf(%d) = %+v outside %d lines", trunc(data), off, p, n)
			}
		}
		for _, p := range []Pos{{0, 0}, {1, 1}, {99, 99}, {-1, 5}} {
			c := f.Clamp(p)
			if p.Line > 0 && (c.Line < 1 || c.Line > max(n, 1) || c.Col < 1 || c.Col > len([]rune(f.LineText(c.Line)))+1) {
				t.Errorf("%q: Clamp(%+v) = %+v", trunc(data), p, c)
			}
		}
	}
}

func trunc(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

func TestJSONPointers(t *testing.T) {
	data := "\ufeff{\n  \"x\": {\"b/c\": [1, {\"d\": true}]},\n  \"a\": 1, \"a\": 2\n}"
	j := parseJSON([]byte(data))
	if j.Err != nil || !j.BOM {
		t.Fatalf("err=%v bom=%v", j.Err, j.BOM)
	}
	f := file(data)
	if p := f.PosOf(j.Offset("/x/b~1c/1/d")); p.Line != 2 {
		t.Errorf("/x/b~1c/1/d at %+v", p)
	}
	if p := f.PosOf(j.Offset("/x/missing")); p.Line != 2 {
		t.Errorf("missing key should point at its parent, got %+v", p)
	}
	if len(j.Dups) != 1 || j.Dups[0].Pointer != "/a" || f.PosOf(j.Dups[0].Offset).Line != 3 {
		t.Errorf("dups %+v", j.Dups)
	}
	bad := parseJSON([]byte("{\n  \"a\": 1,\n}"))
	if bad.Err == nil || file("{\n  \"a\": 1,\n}").PosOf(bad.ErrOffset).Line != 3 {
		t.Errorf("syntax error at %d: %v", bad.ErrOffset, bad.Err)
	}
}

func TestMarkdownStructure(t *testing.T) {
	f := file("---\ndescription: x\n---\n# A\n\nSee [b](b.md#x) and `{{code}}`.\n\n```go\nfmt.Println()\n```\n\n~~~\nopen\n")
	md := f.Markdown()
	if len(md.Headings) != 1 || md.Headings[0].Text != "A" || f.PosOf(md.Headings[0].Offset).Line != 4 {
		t.Errorf("headings %+v", md.Headings)
	}
	if links := md.Links(); len(links) != 1 || links[0].Dest != "b.md#x" || f.PosOf(links[0].Offset).Line != 6 {
		t.Errorf("links %+v", md.Links())
	}
	if len(md.Fences) != 2 || !md.Fences[0].Closed || md.Fences[1].Closed || md.Fences[0].Info != "go" {
		t.Errorf("fences %+v", md.Fences)
	}
	if !md.InCode(strings.Index(string(f.Data), "{{")) || md.InCode(strings.Index(string(f.Data), "See")) {
		t.Error("InCode wrong")
	}
	if Slug("Hello, World — again") != "hello-world--again" {
		t.Errorf("slug %q", Slug("Hello, World — again"))
	}
}

func TestNodeAt(t *testing.T) {
	var doc yaml.Node
	_ = yaml.Unmarshal([]byte("a:\n  b: [1, 2]\n"), &doc)
	if n := NodeAt(doc.Content[0], "/a/b/1", false); n.Value != "2" {
		t.Errorf("got %q", n.Value)
	}
	if n := NodeAt(doc.Content[0], "/a/b", true); n.Value != "b" {
		t.Errorf("key: got %q", n.Value)
	}
}
