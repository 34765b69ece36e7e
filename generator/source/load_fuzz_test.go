package source_test

import (
	"bytes"
	"errors"
	"regexp"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/render"
	"github.com/plugforge/plugforge/generator/source"
	"github.com/plugforge/plugforge/templates"
)

// fixture is a small valid plugin-src, the background every FuzzLoad input
// is placed into.
var fixture = map[string]string{
	"plugin.yaml":                        "name: mini\nversion: \"0.1.0\"\ndescription: \"d\"\nauthor:\n  name: \"T\"\nlicense: \"MIT\"\nvariants:\n  - id: mini\n    name: mini\n    dialect: agent-sendmessage\n",
	"roles.yaml":                         "artifacts:\n  - {file: spec.md, label: Spec}\nroles:\n  helper:\n    model: haiku\n    description: \"d\"\ncommands:\n  hello:\n    helper: {artifacts: [spec.md]}\n",
	"commands/hello.md":                  "---\ndescription: \"Say hello\"\n---\nRun {{.Cmd \"hello\"}} with `{{.Agent \"helper\"}}`.\n",
	"agents/helper.md":                   "---\nname: helper\ndescription: \"Use when.\"\ntools: [Read]\nmodel: haiku\n---\nYou help.\n",
	"skills/greeting/SKILL.md":           "---\nname: greeting\ndescription: \"Greets.\"\n---\nSee references/tone.md.\n",
	"skills/greeting/references/tone.md": "Be warm, in {{.Plugin.Name}}.\n",
	"hooks/hooks.yaml":                   "SessionStart:\n  - matcher: [startup]\n    hooks:\n      - type: command\n        script: hello.sh\n",
	"hooks/hello.sh":                     "#!/usr/bin/env bash\necho hi\n",
	"files/README.md":                    "# mini\n",
}

// targets are the paths a fuzzed file is written to: every kind of source,
// plus names the loader must refuse.
var targets = []string{
	"plugin.yaml", "roles.yaml", "hooks/hooks.yaml",
	"commands/hello.md", "agents/helper.md", "skills/greeting/SKILL.md",
	"commands/new.md", "agents/new.md", "skills/new/SKILL.md",
	"skills/greeting/references/tone.md", "hooks/hello.sh", "files/LICENSE",
	"commands/Bad_Name.md", "stray.txt", "skills/greeting/extra/deep/file.md",
}

var (
	errWithLine = regexp.MustCompile(`^([^:\n]+):(\d+): ([^\n]+)$`)
	errNoLine   = regexp.MustCompile(`^([^:\n]+): ([^\n]+)$`)
)

func lines(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// FuzzLoad writes one fuzzed file into the fixture and runs the loader and
// the body-template parser over the whole tree.
func FuzzLoad(f *testing.F) {
	for i, p := range targets {
		f.Add(uint8(i), []byte(fixture[p]))
	}
	f.Add(uint8(2), []byte("SessionStart:\n  - hooks: [{type: command, script: missing.sh}]\n"))
	f.Add(uint8(3), []byte("---\ndescription: \"x\"\n---\n{{if}}\n"))
	f.Add(uint8(6), []byte("---\ndescription: \"x\"\n---\n{{.Stage \"helper\"}}\n"))
	f.Add(uint8(1), []byte("artifacts: []\nroles: {helper: ~}\ncommands: {hello: {helper: ~}}\n"))
	f.Add(uint8(8), []byte("---\nname: hello\ndescription: \"clash\"\n---\n"))
	eng, err := render.NewEngine(templates.FS)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		target := targets[int(which)%len(targets)]
		fsys := fstest.MapFS{}
		files := map[string][]byte{}
		for p, s := range fixture {
			fsys[p] = &fstest.MapFile{Data: []byte(s), Mode: 0o644}
			files["plugin-src/"+p] = []byte(s)
		}
		fsys[target] = &fstest.MapFile{Data: data, Mode: 0o644}
		files["plugin-src/"+target] = data

		p, err := source.Load(fsys, "plugin-src")
		if err == nil {
			_, err = eng.Prepare(p)
		}
		if err == nil {
			return
		}
		msg := err.Error()
		var file string
		line := 0
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
			t.Fatalf("error names %q, not a file of the tree: %q", file, msg)
		}
		var se *model.PosError
		if errors.As(err, &se) && se.Line == 0 {
			return // "file: msg" is allowed
		}
		if line < 1 || line > lines(data)+1 {
			t.Fatalf("line %d is outside %s (%d lines): %q", line, file, lines(data), msg)
		}
	})
}
