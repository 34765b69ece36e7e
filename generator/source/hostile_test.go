package source

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/plugforge/plugforge/generator/internal/bounds"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
)

// laughs builds a billion-laughs chain: level 0 is a list of width
// strings, each further level a list of width aliases to the one below.
// Expanded, the last level holds width^(levels) strings.
func laughs(indent string, levels, width int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s- &l0 [%s]\n", indent, strings.TrimSuffix(strings.Repeat("lol,", width), ","))
	for i := 1; i < levels; i++ {
		fmt.Fprintf(&b, "%s- &l%d [%s]\n", indent, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d,", i-1), width), ","))
	}
	return b.String()
}

// fan is one line that references anchor a width times.
func fan(a string, width int) string {
	return "[" + strings.TrimSuffix(strings.Repeat("*"+a+", ", width), ", ") + "]"
}

// rolesFan nests width-wide alias fans where roles.yaml's types nest:
// commands (map) → sites (map) → dynamic sections (list): width^3 values.
func rolesFan(width int) string {
	var b strings.Builder
	b.WriteString("artifacts: []\nroles: {}\nphases:\n  p: {title: t, next: n}\n")
	b.WriteString("x: &s {dynamic: [" + strings.TrimSuffix(strings.Repeat("{header: h, placeholder: p},", width), ",") + "]}\n")
	b.WriteString("y: &m {")
	for i := 0; i < width; i++ {
		fmt.Fprintf(&b, "r%d: *s, ", i)
	}
	b.WriteString("}\ncommands: {")
	for i := 0; i < width; i++ {
		fmt.Fprintf(&b, "c%d: *m, ", i)
	}
	b.WriteString("}\n")
	return b.String()
}

// TestAliasBomb feeds every decoder documents whose aliases would expand
// to about 10^9 values ("billion laughs"). Two defences must hold, and
// each case names the one it exercises:
//
//   - "type": our targets are typed, so expansion stops at the depth of the
//     Go type (a list of lists aimed at []string is one type error);
//   - "ratio": where the types do nest (hooks handlers, roles sites),
//     yaml.v3 caps alias-driven decoding at a ratio of the plain work and
//     fails with "document contains excessive aliasing".
//
// Either way the error is one positioned line, in bounded time and memory,
// so generator/source needs no guard of its own.
func TestAliasBomb(t *testing.T) {
	bomb := laughs("  ", 9, 10) // 10 × 9 levels: 10^9 strings once expanded
	hooksFan := "SessionStart:\n" +
		"  - &h {type: command, script: a.sh, args: [" + strings.TrimSuffix(strings.Repeat("x,", 1000), ",") + "]}\n" +
		"  - &g {hooks: " + fan("h", 1000) + "}\n" +
		"Stop: " + fan("g", 1000) + "\n" // 1000 groups × 1000 handlers × 1000 args
	cases := []struct {
		name, file, text, want string
		into                   func() any
	}{
		{"plugin.yaml keywords (type)", "plugin.yaml", "bombs:\n" + bomb + "keywords: *l8\n", "cannot unmarshal|unknown field", func() any { return &model.Manifest{} }},
		{"plugin.yaml nested list (type)", "plugin.yaml", "name: x\nkeywords:\n" + bomb, "cannot unmarshal", func() any { return &model.Manifest{} }},
		{"hooks.yaml handler fan (ratio)", "hooks.yaml", hooksFan, "excessive aliasing", func() any { return &model.Hooks{} }},
		{"hooks.yaml args (type)", "hooks.yaml", "SessionStart:\n  - hooks:\n    - type: command\n      script: a.sh\n      args:\n" + laughs("        ", 9, 10), "cannot unmarshal", func() any { return &model.Hooks{} }},
		{"roles.yaml artifacts (type)", "roles.yaml", "artifacts:\n" + bomb + "roles: {}\ncommands: {}\n", "cannot unmarshal", func() any { return &model.Roles{} }},
		{"roles.yaml site fan (ratio)", "roles.yaml", rolesFan(1000), "excessive aliasing", func() any { return &model.Roles{} }},
		{"command frontmatter (type)", "cmd.md", "allowed-tools:\n" + bomb, "must be a string", func() any { return &model.Command{} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.text)
			require.Less(t, len(data), 64<<10, "the bomb itself is small")
			var err error
			bounds.Check(t, timeLimit(5*time.Second), 256<<20, func() { err = decodeStrict(c.file, 0, data, c.into()) })
			require.Error(t, err, "a billion laughs must not decode")
			checkErr(t, err, map[string][]byte{c.file: data})
			assert.Regexp(t, c.want, err.Error())
		})
	}
}

// TestMegabyteLine: one 1 MB line in each kind of source yields a clear
// error or a normal result, quickly.
func TestMegabyteLine(t *testing.T) {
	long := strings.Repeat("a", 1<<20)
	cases := []struct {
		name, file, text string
		into             func() any
	}{
		{"description value", "plugin.yaml", "name: x\ndescription: \"" + long + "\"\n", func() any { return &model.Manifest{} }},
		{"plain scalar", "plugin.yaml", "name: " + long + "\n", func() any { return &model.Manifest{} }},
		{"key", "plugin.yaml", long + ": 1\n", func() any { return &model.Manifest{} }},
		{"unterminated quote", "plugin.yaml", "name: \"" + long + "\n", func() any { return &model.Manifest{} }},
		{"flow list", "hooks.yaml", "SessionStart: [" + strings.Repeat("{hooks: []},", 1<<16) + "]\n", func() any { return &model.Hooks{} }},
		{"roles rubric", "roles.yaml", "artifacts: []\nroles: {r: {model: opus, description: d, rubric: " + long + "}}\ncommands: {}\n", func() any { return &model.Roles{} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.text)
			var err error
			bounds.Check(t, timeLimit(5*time.Second), 256<<20, func() { err = decodeStrict(c.file, 0, data, c.into()) })
			checkErr(t, err, map[string][]byte{c.file: data})
			t.Logf("%.200v", err)
		})
	}
	t.Run("markdown body and frontmatter", func(t *testing.T) {
		for _, text := range []string{
			"---\ndescription: \"x\"\n---\n" + long + "\n",
			"---\ndescription: \"" + long + "\"\n---\nbody\n",
			"---\ndescription: \"x\"\n" + long, // never closed
			"---" + long + "\n---\n",
		} {
			data := []byte(text)
			var err error
			bounds.Check(t, timeLimit(5*time.Second), 256<<20, func() { _, err = parseDoc[model.Command]("c.md", "c", data) })
			checkErr(t, err, map[string][]byte{"c.md": data})
			t.Logf("%.200v", err)
		}
	})
}

// TestDeepNesting: 10,000 levels of flow and block nesting.
func TestDeepNesting(t *testing.T) {
	const depth = 10000
	block := func(n int) string { // n nested block mappings, one space more per level
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat(" ", i) + "a:\n")
		}
		return b.String()
	}
	cases := []struct {
		name, file, text string
		into             func() any
	}{
		{"flow lists", "plugin.yaml", "keywords: " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n", func() any { return &model.Manifest{} }},
		{"flow maps", "plugin.yaml", "author: " + strings.Repeat("{a: ", depth) + "1" + strings.Repeat("}", depth) + "\n", func() any { return &model.Manifest{} }},
		{"unclosed flow", "plugin.yaml", "keywords: " + strings.Repeat("[", depth) + "\n", func() any { return &model.Manifest{} }},
		// Block nesting costs one more column per level, so 4 MB (MaxFileSize)
		// holds about 2,800 levels; deeper only fits in flow style above.
		{"block maps under a known key", "roles.yaml", "commands:\n" + strings.ReplaceAll(block(2800), "\n", "\n ") + "\n", func() any { return &model.Roles{} }},
		{"block lists", "hooks.yaml", "SessionStart:\n" + strings.Repeat("- ", depth) + "x\n", func() any { return &model.Hooks{} }},
		{"frontmatter lists", "c.md", "allowed-tools: " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n", func() any { return &model.Command{} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.text)
			var err error
			bounds.Check(t, timeLimit(10*time.Second), 512<<20, func() { err = decodeStrict(c.file, 0, data, c.into()) })
			require.Error(t, err)
			checkErr(t, err, map[string][]byte{c.file: data})
			t.Logf("%.200v", err)
		})
	}
}

// TestFileSizeLimit: a source over MaxFileSize is refused before it is
// read whole; one at the limit is read.
func TestFileSizeLimit(t *testing.T) {
	over := strings.Repeat("x", MaxFileSize+1)
	fsys := fstest.MapFS{"files/big.txt": {Data: []byte(over)}}
	_, err := Load(fsys, "plugin-src")
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("plugin-src/files/big.txt: file is %d bytes, over the %d-byte limit", MaxFileSize+1, MaxFileSize), err.Error())

	fsys = fstest.MapFS{"files/big.txt": {Data: []byte(over[:MaxFileSize])}}
	_, err = Load(fsys, "plugin-src")
	require.Error(t, err)
	assert.Equal(t, "plugin-src/plugin.yaml: missing: plugin-src needs a plugin.yaml manifest", err.Error(), "a file at the limit is read")
}

// raceSlowdown scales time limits under the race detector (race_test.go).
var raceSlowdown = 1

func timeLimit(d time.Duration) time.Duration { return d * time.Duration(raceSlowdown) }
