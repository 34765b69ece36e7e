package render

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/plugforge/plugforge/generator/internal/bounds"

	"github.com/stretchr/testify/require"
)

// fuzzTmpl is where the fuzzed template sits in the engine's file system.
const fuzzTmpl = "md/fuzz.tmpl"

var errLine = regexp.MustCompile(`^templates/md/fuzz\.tmpl:(\d+): ([^\n]+)$`)

func lineCount(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// engineFS is a small template set plus the fuzzed file.
func engineFS(data []byte) fstest.MapFS {
	return fstest.MapFS{
		"blocks/base.tmpl": {Data: []byte("{{define \"base\"}}[{{.}}]{{end}}\n")},
		fuzzTmpl:           {Data: data},
	}
}

// checkEngineErr asserts NewEngine's contract for a bad template: one line,
// "templates/md/fuzz.tmpl:<line>: msg", the line inside the file.
func checkEngineErr(t testing.TB, data []byte, err error) {
	t.Helper()
	if err == nil {
		return
	}
	m := errLine.FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("template error is not one line of the form templates/%s:line: msg: %q", fuzzTmpl, err.Error())
	}
	n, _ := strconv.Atoi(m[1])
	if n < 1 || n > lineCount(data)+1 {
		t.Fatalf("line %d is outside the template (%d lines): %q", n, lineCount(data), err.Error())
	}
}

// FuzzNewEngine parses a fuzzed .tmpl beside a fixed one. Parsing never
// executes anything, so every input must finish quickly.
func FuzzNewEngine(f *testing.F) {
	for _, s := range []string{
		"{{define \"x\"}}{{.Name}}{{end}}\n",
		"{{- /* comment */ -}}\n{{range $i, $e := .Events}}{{q $e}}{{end}}\n",
		"{{if .A}}\n{{else if .B}}\n{{else}}\n{{end}}\n",
		"{{template \"base\" .}}\n",
		"{{with $x := 1}}{{$x}}{{end}}\n",
		"{{if}}\n",
		"a\n\n{{end}}\n",
		"{{nosuchfunc 1}}\n",
		"{{define \"base\"}}again{{end}}\n",
		"{{`raw\nstring`}}\n{{\"unterminated\n",
		"{{/* unclosed comment\n",
		"{{(((1)))}}\n",
		"{{block \"b\" .}}x{{end}}\n",
		"{{break}}\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := NewEngine(engineFS(data))
		checkEngineErr(t, data, err)
		if err == nil && e.Sources["templates/"+fuzzTmpl] == nil {
			t.Fatalf("parsed template missing from Sources")
		}
	})
}

// TestTemplateHostileInputs: a megabyte-long line and 10,000-deep nesting
// give a clear one-line error or parse, in bounded time and memory.
func TestTemplateHostileInputs(t *testing.T) {
	cases := map[string]string{
		"megabyte line":          strings.Repeat("x", 1<<20) + "{{.A}}" + strings.Repeat("y", 1<<20) + "\n",
		"megabyte action":        "{{print \"" + strings.Repeat("z", 1<<20) + "\"}}\n",
		"megabyte unclosed":      "ok\n{{" + strings.Repeat("a ", 1<<19) + "\n",
		"10000-deep if":          strings.Repeat("{{if .}}", 10000) + strings.Repeat("{{end}}", 10000) + "\n",
		"10000-deep unclosed if": strings.Repeat("{{if .}}\n", 10000),
		"10000-deep parens":      "{{" + strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000) + "}}\n",
		"10000-deep define":      strings.Repeat("{{define \"d\"}}", 10000) + "\n",
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			var err error
			bounds.Check(t, 10*time.Second, 512<<20, func() { _, err = NewEngine(engineFS([]byte(text))) })
			checkEngineErr(t, []byte(text), err)
			t.Logf("%.200v", err)
		})
	}
}

// A template error whose inner "template: " part has no position (found by
// FuzzNewEngine) still reads "file:line: msg".
func TestTemplateErrorWithoutInnerPosition(t *testing.T) {
	data := []byte("{{define \"\"}}0{{end}}0{{define \"\"}}0{{end}}0")
	_, err := NewEngine(engineFS(data))
	require.EqualError(t, err, `templates/md/fuzz.tmpl:1: multiple definition of template ""`)
}
