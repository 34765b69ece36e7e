package source

import (
	"bytes"
	"errors"
	"regexp"
	"strconv"
	"testing"

	"github.com/plugforge/plugforge/generator/model"
)

// The fuzz targets below hold every decoder of plugin-src to three
// properties: it never panics; an error is one line of the form
// "file:line: msg" or "file: msg"; and the line is inside the file
// (1..lines+1, the +1 for "at end of file"). Seeds live in
// testdata/fuzz/<target>/ and in the f.Add calls.

var (
	errWithLine = regexp.MustCompile(`^([^:\n]+):(\d+): ([^\n]+)$`)
	errNoLine   = regexp.MustCompile(`^([^:\n]+): ([^\n]+)$`)
)

// lineCount is the number of lines of data as an editor shows them.
func lineCount(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// checkErr asserts the error contract. files maps each display path an
// error may name to its bytes; the named file must be one of them.
func checkErr(t testing.TB, err error, files map[string][]byte) {
	t.Helper()
	if err == nil {
		return
	}
	var se *model.PosError
	if !errors.As(err, &se) {
		t.Fatalf("error is %T, not *model.PosError: %v", err, err)
	}
	msg := err.Error()
	file, line := "", 0
	if m := errWithLine.FindStringSubmatch(msg); m != nil {
		file = m[1]
		line, _ = strconv.Atoi(m[2])
	} else if m := errNoLine.FindStringSubmatch(msg); m != nil {
		file = m[1]
	} else {
		t.Fatalf("error is not one line of the form file:line: msg or file: msg: %q", msg)
	}
	data, ok := files[file]
	if !ok {
		t.Fatalf("error names %q, which is not a file of the input: %q", file, msg)
	}
	if se.Line != 0 && (line < 1 || line > lineCount(data)+1) {
		t.Fatalf("line %d is outside %s (%d lines): %q", line, file, lineCount(data), msg)
	}
}

func seedDocs(f *testing.F) {
	for _, s := range []string{
		"---\ndescription: \"Say hello\"\nargument-hint: \"[name]\"\n---\nGreet {{.Cmd \"hello\"}}.\n",
		"---\nname: x\ndescription: \"Use when.\"\ntools: [Read, Grep]\nmodel: haiku\ncolor: cyan\n---\nYou help.\n",
		"---\nname: x\ndescription: \"d\"\nallowed-tools: [Read, \"Bash(git:*)\"]\nuser-invocable: false\n---\nbody\n",
		"---\nname: x\ndescripton: \"typo\"\n---\n",
		"---\ndescription: [not, a, string]\n---\n",
		"---\ndescription: \"x\"\nmodel: gpt\n---\n",
		"---\n---\n",
		"---\n",
		"---\ndescription: &a \"x\"\nargument-hint: *a\n---\n",
		"no frontmatter\n",
		"",
		"---\ndescription: \"x\"\n---",
		"---\n\t: bad\n---\n",
		"---\ndescription: \"x\u2028y\"\n---\n",
	} {
		f.Add([]byte(s))
	}
}

func FuzzParseDoc(f *testing.F) {
	seedDocs(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		const disp = "plugin-src/commands/x.md"
		files := map[string][]byte{disp: data}
		check := func(body string, bodyLine int, err error) {
			checkErr(t, err, files)
			if err != nil {
				return
			}
			if !bytes.HasSuffix(data, []byte(body)) {
				t.Fatalf("body is not the tail of the file")
			}
			if want := 1 + bytes.Count(data[:len(data)-len(body)], []byte("\n")); bodyLine != want || bodyLine > lineCount(data)+1 {
				t.Fatalf("BodyLine %d, want %d (file has %d lines)", bodyLine, want, lineCount(data))
			}
		}
		c, err := parseDoc[model.Command](disp, "x", data)
		check(c.Body, c.BodyLine, err)
		a, err := parseDoc[model.Agent](disp, "x", data)
		check(a.Body, a.BodyLine, err)
		s, err := parseDoc[model.Skill](disp, "x", data)
		check(s.Body, s.BodyLine, err)
	})
}

func FuzzDecodeManifest(f *testing.F) {
	for _, s := range []string{
		"name: mini\nversion: \"0.1.0\"\ndescription: \"d\"\nauthor:\n  name: \"T\"\nlicense: \"MIT\"\nkeywords: [test]\nvariants:\n  - id: mini\n    name: mini\n    dialect: agent-sendmessage\n  - id: mini-classic\n    name: mini-classic\n    dialect: task-resume\n    summary: \"old\"\nbudgets:\n  always_on_tokens: 900\n",
		"name: mini\nvariants:\n  - &v {id: a, name: a, dialect: task-resume}\n  - *v\n",
		"name: mini\nvariants:\n  - id: Bad_ID\n    name: a\n    dialect: nope\n",
		"name: [1, 2]\n",
		"{",
		"- a\n- b\n",
		"",
		"name: x\nx: &a [*a]\n",
		"author:\n  <<: {name: x}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m model.Manifest
		checkErr(t, decodeStrict("plugin.yaml", 0, data, &m), map[string][]byte{"plugin.yaml": data})
	})
}

func FuzzDecodeHooks(f *testing.F) {
	for _, s := range []string{
		"SessionStart:\n  - matcher: [startup, resume, clear]\n    hooks:\n      - type: command\n        script: hello.sh\n        timeout: 5\n",
		"Stop:\n  - hooks:\n      - type: command\n        script: stop.sh\n        args: [a, b]\n        status_message: \"bye\"\n",
		"PreToolUse:\n  - matcher: [Bash]\n    hooks: [{type: command, script: a.sh}]\nPreToolUse: []\n",
		"SessionStart: &g\n  - hooks: [{type: command, script: a.sh}]\nSessionEnd: *g\n",
		"Stop:\n  - matcher: [x]\n    hooks: []\n",
		"Bogus: []\n",
		"SessionStart:\n  - hooks:\n      - type: command\n        script: \"../../etc/passwd\"\n",
		"- a\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var h model.Hooks
		checkErr(t, decodeStrict("hooks.yaml", 0, data, &h), map[string][]byte{"hooks.yaml": data})
	})
}

func FuzzDecodeRoles(f *testing.F) {
	for _, s := range []string{
		"artifacts:\n  - {file: spec.md, label: Spec}\nverdict: &v\n  intro: \"Return JSON:\"\n  approval: true\nroles:\n  r:\n    model: opus\n    description: \"d\"\n    schema:\n      <<: *v\n      issue: [{severity: [blocker, warning]}, description]\ncommands:\n  c:\n    r: {artifacts: [spec.md], dynamic: [{header: H, placeholder: P}]}\nphases:\n  c: {title: T, next: c, requires: [{artifact: spec.md, command: c, sections: S}]}\n",
		"artifacts: []\nroles: {r: ~}\ncommands: {c: {r: ~}}\n",
		"artifacts: []\nroles: {}\ncommands: {c: {nobody: {}}}\n",
		"artifacts: [{file: a.md, label: A}]\nroles: {r: {model: opus, description: d}}\ncommands: {c: {r: {reviews: a.md, artifacts: [a.md]}}}\n",
		"roles: {r: {model: opus, description: d, schema: {intro: i, issue: [{a: [x], b: [y]}]}}}\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var r model.Roles
		err := decodeStrict("roles.yaml", 0, data, &r)
		checkErr(t, err, map[string][]byte{"roles.yaml": data})
		if err == nil {
			_ = r.Validate() // render.Prepare runs it next; it must not panic
			for _, role := range r.Roles {
				if role != nil && role.Schema != nil {
					_ = role.Schema.Text()
				}
			}
		}
	})
}
