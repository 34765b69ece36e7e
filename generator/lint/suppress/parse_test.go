package suppress

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

func parse(t *testing.T, name, text string) string {
	t.Helper()
	u := snapshot.FromMemory("p", map[string][]byte{name: []byte(text)})
	var b strings.Builder
	for _, d := range Parse(u.File(name), nil) {
		var names []string
		for _, n := range d.Names {
			names = append(names, fmt.Sprintf("%s@%d", n.Text, n.Col))
		}
		fmt.Fprintf(&b, "%d:%d %s [%s] %q %d-%d %s\n", d.Line, d.Col, d.Verb, strings.Join(names, " "), d.Reason, d.From, d.To, d.Problem)
	}
	return b.String()
}

func TestParse(t *testing.T) {
	cases := []struct{ name, file, text, want string }{
		{"markdown forms", "commands/a.md",
			"---\ndescription: x\n# plugforge-disable-next-line unknown-key read by our tool\nx-key: 1\n---\n" +
				"<!-- plugforge-disable-next-line XR006, CT007 -- the guide is generated -->\n" +
				"text <!-- plugforge-disable-line XR006: made up -->\n" +
				"<!--plugforge-disable-file CT006 teaches Jinja-->\n" +
				"<!-- plugforge-disable XR006,XR007 sample links -->\n\n<!-- plugforge-enable XR007 -->\n",
			"3:3 plugforge-disable-next-line [unknown-key@31] \"read by our tool\" 4-4 \n" +
				"6:6 plugforge-disable-next-line [XR006@34 CT007@41] \"the guide is generated\" 7-7 \n" +
				"7:11 plugforge-disable-line [XR006@34] \"made up\" 7-7 \n" +
				"8:5 plugforge-disable-file [CT006@28] \"teaches Jinja\" 0-0 \n" +
				"9:6 plugforge-disable [XR006@24 XR007@30] \"sample links\" 10-10 \n" +
				"11:6 plugforge-enable [XR007@23] \"\" 0-0 \n"},
		{"examples in code are not directives", "README.md",
			"```\n<!-- plugforge-disable-next-line XR006 example -->\n```\n\n    <!-- plugforge-disable-line XR006 indented -->\n\n" +
				"Write `<!-- plugforge-disable-line XR006 reason -->`.\n# plugforge-disable-line XR006 a heading, not a comment\n",
			""},
		{"shell", "hooks/run.sh",
			"#!/bin/sh\n# plugforge-disable-next-line SE002 constant\neval \"$x\" # plugforge-disable-line SE002 constant\n" +
				"echo a#plugforge-disable-line SE002 not a comment\n",
			"2:3 plugforge-disable-next-line [SE002@31] \"constant\" 3-3 \n" +
				"3:13 plugforge-disable-line [SE002@36] \"constant\" 3-3 \n"},
		{"javascript", "hooks/run.js",
			"// plugforge-disable-next-line SE003 sample key\nconst k = 'x' # plugforge-disable-line SE003 x\n",
			"1:4 plugforge-disable-next-line [SE003@32] \"sample key\" 2-2 \n"},
		{"problems", "commands/b.md",
			"<!-- plugforge-disable-next-line XR006 -->\n<!-- plugforge-disable-next-line -->\n<!-- plugforge-disable-nextline X y -->\n" +
				"<!-- plugforge-disable-lineXR006 y -->\n<!-- plugforge-enable -->\n<!-- plugforge-disable-line XR006 open\n",
			"1:6 plugforge-disable-next-line [XR006@34] \"\" 2-2 gives no reason\n" +
				"2:6 plugforge-disable-next-line [] \"\" 3-3 names no rule\n" +
				"3:6 plugforge-disable-nextline [] \"\" 0-0 is not a directive plugforge knows (use plugforge-disable-next-line, -line, -file, or plugforge-disable … plugforge-enable)\n" +
				"4:6 plugforge-disable-lineXR006 [] \"\" 0-0 is not a directive plugforge knows (use plugforge-disable-next-line, -line, -file, or plugforge-disable … plugforge-enable)\n" +
				"5:6 plugforge-enable [] \"\" 0-0 closes no plugforge-disable block above it\n" +
				"6:6 plugforge-disable-line [] \"\" 6-6 is not closed by \"-->\" on the same line\n"},
		{"json has none", ".claude-plugin/plugin.json", `{"x": "# plugforge-disable-line SC009 no"}`, ""},
		{"unclosed block runs to the end", "agents/r.md", "<!-- plugforge-disable SE003 sample keys below -->\nx\n",
			"1:6 plugforge-disable [SE003@24] \"sample keys below\" 2--1 \n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := parse(t, c.file, c.text); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestCovers(t *testing.T) {
	u := snapshot.FromMemory("p", map[string][]byte{"a.md": []byte(
		"<!-- plugforge-disable-file CT006 r -->\n<!-- plugforge-disable-next-line XR006 r -->\nx\n" +
			"<!-- plugforge-disable XR006 r -->\ny\nz\n<!-- plugforge-enable -->\nw\n<!-- plugforge-disable-next-line XR006 -->\nv\n")})
	ds := Parse(u.File("a.md"), nil)
	covered := func(d Directive) string {
		var ls []string
		for n := 0; n <= 11; n++ {
			if d.Covers(n) {
				ls = append(ls, fmt.Sprint(n))
			}
		}
		return strings.Join(ls, ",")
	}
	want := []string{"0,1,2,3,4,5,6,7,8,9,10,11", "3", "5,6", "", ""}
	if len(ds) != len(want) {
		t.Fatalf("got %d directives, want %d", len(ds), len(want))
	}
	for i, d := range ds {
		if got := covered(d); got != want[i] {
			t.Errorf("directive %d (%s) covers %q, want %q", i, d.Verb, got, want[i])
		}
	}
}

// TestEnableByOtherName: an enable naming the rule by its ID closes a block
// that named it by alias, given the caller's canonical names.
func TestEnableByOtherName(t *testing.T) {
	u := snapshot.FromMemory("p", map[string][]byte{"a.md": []byte(
		"<!-- plugforge-disable link-broken sample links -->\nx\n<!-- plugforge-enable XR006 -->\n")})
	canon := func(s string) string {
		if s == "link-broken" {
			return "XR006"
		}
		return s
	}
	ds := Parse(u.File("a.md"), canon)
	if len(ds) != 2 || ds[0].To != 2 || ds[1].Problem != "" {
		t.Fatalf("block not closed by the other name: %+v", ds)
	}
	if ds = Parse(u.File("a.md"), nil); ds[1].Problem == "" {
		t.Fatal("without canonical names the enable should close nothing")
	}
}
