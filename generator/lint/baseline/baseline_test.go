package baseline

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestNormalMessage(t *testing.T) {
	for in, want := range map[string]string{
		`code fence opened on line 12 is never closed`:                `code fence opened on line N is never closed`,
		`agent "reviewer-2" is listed 3 times`:                        `agent "reviewer-2" is listed N times`,
		`"a \"b 7\" c" at line 40`:                                    `"a \"b 7\" c" at line N`,
		"description is  130\tcharacters":                             "description is N characters",
		`the LAZY-LOAD-WARNING check names "x" but follows (line 97)`: `the LAZY-LOAD-WARNING check names "x" but follows (line N)`,
	} {
		if got := NormalMessage(in); got != want {
			t.Errorf("NormalMessage(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKeyOf(t *testing.T) {
	a := KeyOf("kit", "dist/kit", "commands/a.md", "XR003", `see dist/kit/commands/b.md line 4`, "  Run /kit:b now.  ")
	b := KeyOf("kit", "/home/u/src/kit", "commands/a.md", "XR003", `see /home/u/src/kit/commands/b.md line 9`, "Run /kit:b   now.")
	if a != b {
		t.Fatalf("the same finding linted from another directory, moved and re-indented, has another key:\n%+v\n%+v", a, b)
	}
	if c := KeyOf("kit", "dist/kit", "commands/a.md", "XR003", `see dist/kit/commands/b.md line 4`, "Run /kit:c now."); c == a {
		t.Fatal("an edited line has the same key")
	}
	if Context("") != "" || Context("   ") != "" || len(Context("x")) != 16 {
		t.Fatal("Context: empty for no text, 16 hex digits otherwise")
	}
}

func TestEncodeIsSortedAndRoundTrips(t *testing.T) {
	k := func(plugin, path, msg string) Key {
		return Key{Plugin: plugin, Path: path, Rule: "XR003", Message: msg}
	}
	b := Record("b.json", []Key{k("kit", "z.md", "m"), k("kit", "a.md", "m"), k("alpha", "z.md", "m"), k("kit", "a.md", "m")}, nil, nil)
	want := `{
  "version": 1,
  "findings": [
    {
      "plugin": "alpha",
      "path": "z.md",
      "rule": "XR003",
      "message": "m",
      "count": 1
    },
    {
      "plugin": "kit",
      "path": "a.md",
      "rule": "XR003",
      "message": "m",
      "count": 2
    },
    {
      "plugin": "kit",
      "path": "z.md",
      "rule": "XR003",
      "message": "m",
      "count": 1
    }
  ]
}
`
	if got := string(b.Encode()); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	back, err := Parse(b.Encode(), "b.json")
	if err != nil || string(back.Encode()) != want {
		t.Fatalf("round trip: %v\n%s", err, back.Encode())
	}
	if string((&Baseline{}).Encode()) != "{\n  \"version\": 1,\n  \"findings\": []\n}\n" {
		t.Fatalf("empty baseline: %s", (&Baseline{}).Encode())
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{"version": 2, "findings": []}`, "b.json:1: /version: "},
		{"{\n  \"version\": 1,\n  \"findings\": [\n    {\"plugin\": \"k\", \"path\": \"a\", \"rule\": \"XR003\", \"message\": \"m\"}\n  ]\n}\n",
			`b.json:4: /findings/0: missing required property "count"`},
		{"{\n  \"version\": 1,\n  \"findings\": [\n    {\"plugin\": \"k\", \"path\": \"a\", \"rule\": \"XR003\", \"message\": \"m\", \"count\": 0}\n  ]\n}\n",
			"b.json:4: /findings/0/count: "},
		{"{\n  \"version\": 1,\n  \"findings\": [\n", "b.json:4: not JSON: "},
		{`{"version": 1, "findings": []} {}`, "b.json:1: more than one JSON value"},
	} {
		_, err := Parse([]byte(c.src), "b.json")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want prefix %q", c.src, err, c.want)
		}
	}
}

func TestLoadMissingAndWrite(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sub", "b.json")
	if _, err := Load(p); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a missing file must be told apart: %v", err)
	}
	b := Record(p, []Key{{Plugin: "kit", Path: "a.md", Rule: "XR003", Message: "m"}}, nil, nil)
	if err := b.Write(); err != nil {
		t.Fatal(err)
	}
	back, err := Load(p)
	if err != nil || back.Total() != 1 {
		t.Fatalf("%v %+v", err, back)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v", st.Mode())
	}
	// The same content again leaves the file alone: its time stamp stays.
	past := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(p, past, past); err != nil {
		t.Fatal(err)
	}
	if err := b.Write(); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); !st.ModTime().Equal(past) {
		t.Fatalf("an unchanged baseline was rewritten at %v", st.ModTime())
	}
}

// Recording again replaces the entries of the plugins linted and keeps
// the others'.
func TestRecordKeepsPluginsNotLinted(t *testing.T) {
	old := &Baseline{Entries: []Entry{
		{Key: Key{Plugin: "a", Path: "x.md", Rule: "XR003", Message: "old"}, Count: 1},
		{Key: Key{Plugin: "b", Path: "x.md", Rule: "XR003", Message: "kept"}, Count: 3},
	}}
	b := Record("b.json", []Key{{Plugin: "a", Path: "x.md", Rule: "XR003", Message: "new"}}, old, map[string]bool{"a": true})
	var got []string
	for _, e := range b.Entries {
		got = append(got, e.Plugin+":"+e.Message)
	}
	if strings.Join(got, " ") != "a:new b:kept" || b.Total() != 4 {
		t.Fatalf("got %v (total %d)", got, b.Total())
	}
}
