package rules

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// rootMark stands for ${CLAUDE_PLUGIN_ROOT} in words rendered by wordText;
// dynMark for any other expansion.
const (
	rootMark = "${CLAUDE_PLUGIN_ROOT}"
	dynMark  = "\x00"
)

// parseShell parses bash source; it never panics.
func parseShell(src, name string) (f *syntax.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("shell parser failed: %v", r)
		}
	}()
	return syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), name)
}

// shellOf parses a script file once.
func shellOf(f *snapshot.File) (*syntax.File, error) {
	type res struct {
		f   *syntax.File
		err error
	}
	r := f.Memo("sh", func() any {
		sf, err := parseShell(string(f.Data), f.Path)
		return res{sf, err}
	}).(res)
	return r.f, r.err
}

// wordText renders a word without quotes: literals as is,
// ${CLAUDE_PLUGIN_ROOT} as rootMark, any other expansion as dynMark.
func wordText(w *syntax.Word) string {
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
					b.WriteString(rootMark)
				} else {
					b.WriteString(dynMark)
				}
			default:
				b.WriteString(dynMark)
			}
		}
	}
	if w != nil {
		parts(w.Parts)
	}
	return b.String()
}

// calls lists every simple command in a parsed file, as rendered words.
func calls(f *syntax.File) [][]string {
	var out [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			var ws []string
			for _, a := range c.Args {
				ws = append(ws, wordText(a))
			}
			out = append(out, ws)
		}
		return true
	})
	return out
}

var interpreters = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "node": true,
	"python": true, "python3": true, "deno": true, "bun": true, "ruby": true, "perl": true, "pwsh": true,
	"powershell": true, "tsx": true, "ts-node": true, "source": true, ".": true, "exec": false}

// scriptRef is a file of the plugin a hook command runs or reads.
type scriptRef struct {
	Rel    string // relative to the plugin root
	Direct bool   // run as a program, so it needs the execute bit and a shebang
}

// rootPath returns the plugin-relative path of a word that starts with
// ${CLAUDE_PLUGIN_ROOT}/ and has no other expansion.
func rootPath(w string) (string, bool) {
	if !strings.HasPrefix(w, rootMark+"/") {
		return "", false
	}
	rest := strings.TrimPrefix(w, rootMark+"/")
	if strings.Contains(rest, dynMark) || strings.ContainsAny(rest, "*?[") || rest == "" {
		return "", false
	}
	return path.Clean(rest), true
}

// commandScripts finds the plugin files a hook command refers to. With
// exec set, command is a program path and args its arguments.
func commandScripts(command string, args []string, exec bool) []scriptRef {
	var out []scriptRef
	if exec {
		w := strings.ReplaceAll(command, "${CLAUDE_PLUGIN_ROOT}", rootMark)
		if rel, ok := rootPath(w); ok {
			out = append(out, scriptRef{rel, true})
		}
		for _, a := range args {
			if rel, ok := rootPath(a); ok {
				out = append(out, scriptRef{rel, false})
			}
		}
		return out
	}
	sf, err := parseShell(command, "")
	if err != nil {
		return nil
	}
	for _, ws := range calls(sf) {
		for i, w := range ws {
			rel, ok := rootPath(w)
			if !ok {
				continue
			}
			direct := i == 0 || i == 1 && (ws[0] == "exec" || ws[0] == "env")
			out = append(out, scriptRef{rel, direct})
		}
	}
	return out
}
