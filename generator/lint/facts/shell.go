package facts

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// RootMark stands for ${CLAUDE_PLUGIN_ROOT} in words rendered by
// WordText; DynMark for any other expansion.
const (
	RootMark = "${CLAUDE_PLUGIN_ROOT}"
	DynMark  = "\x00"
)

// ShellFile is a shell script parsed with mvdan.cc/sh (never run).
type ShellFile struct {
	AST *syntax.File // nil when it does not parse
	Err error        // a syntax.ParseError or syntax.LangError, with its position
}

// Shell parses a file that is a bash or POSIX shell script (IsShellScript);
// it is nil for any other file.
var Shell = lint.NewFileAnalysis("shell", "the bash parse of a shell script (by extension or #! line)",
	nil, func(_ *lint.Input, f *snapshot.File) *ShellFile {
		if !IsShellScript(f) {
			return nil
		}
		ast, err := ParseShell(string(f.Data), f.Path)
		return &ShellFile{ast, err}
	})

var shellShebangRE = lazyre.New(`^#!\s*(/usr/bin/env\s+(-\S+\s+)*)?\S*?\b(bash|sh|dash|ksh)\b`)

// IsShellScript reports whether f is a bash/POSIX shell script. A #! line
// decides, as it does for the kernel when the script is run: a ".sh" file
// whose #! names python is a python script. Without one the extension
// decides (.sh, .bash). zsh and fish scripts are not parsed.
func IsShellScript(f *snapshot.File) bool {
	if !f.Readable() {
		return false
	}
	if bytes.HasPrefix(f.Data, []byte("#!")) {
		line, _, _ := bytes.Cut(f.Data, []byte("\n"))
		return shellShebangRE.Match(line)
	}
	switch path.Ext(f.Path) {
	case ".sh", ".bash":
		return true
	}
	return false
}

// ParseShell parses bash source; it never panics.
func ParseShell(src, name string) (f *syntax.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("shell parser failed: %v", r)
		}
	}()
	return syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), name)
}

// WordText renders a word without quotes: literals as is,
// ${CLAUDE_PLUGIN_ROOT} as RootMark, any other expansion as DynMark.
func WordText(w *syntax.Word) string {
	var b strings.Builder
	var parts func([]syntax.WordPart)
	parts = func(ps []syntax.WordPart) {
		for _, p := range ps {
			switch p := p.(type) {
			case *syntax.Lit:
				b.WriteString(p.Value)
			case *syntax.SglQuoted:
				b.WriteString(p.Value)
			case *syntax.DblQuoted:
				parts(p.Parts)
			case *syntax.ParamExp:
				if p.Param != nil && p.Param.Value == "CLAUDE_PLUGIN_ROOT" && p.Exp == nil && p.Repl == nil && p.Slice == nil {
					b.WriteString(RootMark)
				} else {
					b.WriteString(DynMark)
				}
			default:
				b.WriteString(DynMark)
			}
		}
	}
	if w != nil {
		parts(w.Parts)
	}
	return b.String()
}

// Calls lists every simple command in a parsed file, as rendered words.
func Calls(f *syntax.File) [][]string {
	var out [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			var ws []string
			for _, a := range c.Args {
				ws = append(ws, WordText(a))
			}
			out = append(out, ws)
		}
		return true
	})
	return out
}
