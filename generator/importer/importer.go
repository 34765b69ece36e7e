package importer

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"sort"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/scaffold"
)

// Options shape the plugin-src an import writes.
type Options struct {
	// Markers is written to plugin.yaml's output.markers: "" or "files"
	// gives every generated file that has comments one marker line;
	// "manifest" keeps provenance in .plugforge-manifest.json only, so the
	// build reproduces every input file byte for byte.
	Markers model.Markers
}

// Message is a warning or a note about one file of the plugin imported.
// A warning says something is carried in a way the maintainer should know
// about (kept verbatim, not typed); a note only records what was done.
type Message struct {
	Path    string // slash path inside the plugin directory
	Line    int
	Warning bool
	Text    string
}

func (m Message) String() string {
	level := "note"
	if m.Warning {
		level = "warning"
	}
	if m.Line > 0 {
		return fmt.Sprintf("%s:%d: %s: %s", m.Path, m.Line, level, m.Text)
	}
	return fmt.Sprintf("%s: %s: %s", m.Path, level, m.Text)
}

// File is one file of the plugin-src an import produces.
type File struct {
	Path string // slash path inside plugin-src
	Data []byte
	Exec bool
}

// Counts says what the import made of the plugin's files.
type Counts struct {
	Commands, Agents, Skills int
	Templates                int // other text files, rendered as templates
	Raw                      int // files copied byte for byte (binary, CRLF, ...)
	Verified                 int // files the round trip reproduced
}

// Result is a verified import: the plugin-src files, what was said about
// the input, and the counts.
type Result struct {
	Name     string // the plugin's name
	Files    []File // sorted by path
	Messages []Message
	Counts   Counts
	// Baseline is what ImportTo recorded of the plugin's own findings;
	// nil when it had none (or before ImportTo).
	Baseline *Baselined
	// output is the build of Files the round trip checked: what the
	// build's lint gate will see.
	output *pipeline.Output
}

// Summary says what the import made of dir and wrote to out, and the
// command to run next.
func (r *Result) Summary(dir, out string) string {
	c := r.Counts
	lint := ""
	if r.Baseline != nil {
		lint = r.Baseline.String()
	}
	return fmt.Sprintf("plugin %q from %s into %s: %d commands, %d agents, %d skills, %d other templates, %d files copied byte for byte\n", r.Name, dir, out, c.Commands, c.Agents, c.Skills, c.Templates, c.Raw) +
		fmt.Sprintf("round trip checked: the build reproduces all %d files\n", c.Verified) + lint +
		fmt.Sprintf("\nnext:\n  plugforge build --src %s    # writes dist/%s/\n", scaffold.ShellQuote(out), r.Name)
}

// Import reads the Claude Code plugin in dir and returns a plugin-src that
// builds back to it. Nothing is written: the result is rendered in memory
// with the same pipeline `plugforge build` uses and compared with every
// input file first, and a difference is an error. Paths in errors and
// messages start with dir as given.
func Import(dir string, o Options) (*Result, error) {
	shown := path.Clean(filepath.ToSlash(dir))
	res, err := importTree(dir, o)
	var e *model.PosError
	if errors.As(err, &e) {
		e.File = path.Join(shown, e.File)
	}
	if res != nil {
		for i := range res.Messages {
			res.Messages[i].Path = path.Join(shown, res.Messages[i].Path)
		}
	}
	return res, err
}

func importTree(dir string, o Options) (*Result, error) {
	var msgs []Message
	note := func(m Message) { msgs = append(msgs, m) }
	in, name, err := readTree(dir, note, false)
	if err != nil {
		return nil, err
	}
	in = stripMarkers(in, note)
	// Typed hooks.yaml first; if its hooks.json does not come back byte
	// for byte, carry hooks.json as written instead.
	res, err := build(in, name, o, true)
	if err != nil && res != nil && res.typedHooks {
		if again, err2 := build(in, name, o, false); err2 == nil {
			again.Messages = append(again.Messages, Message{Path: model.HooksPath, Warning: true,
				Text: "kept as written: plugforge's typed hooks.yaml would not reproduce it byte for byte"})
			res, err = again, nil
		}
	}
	if err != nil {
		return nil, err
	}
	res.Messages = append(msgs, res.Messages...)
	sort.SliceStable(res.Messages, func(i, j int) bool { return res.Messages[i].Path < res.Messages[j].Path })
	return &res.Result, nil
}
