package facts

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Command is a program a hook or an MCP server runs: a shell command line,
// parsed once, or the exec form (a program and its arguments, no shell).
type Command struct {
	Text string       // the command as written
	Args []string     // the exec form's arguments
	Exec bool         // exec form: Text is the program and no shell runs
	AST  *syntax.File // the parse of a shell-form command; nil when it does not parse
	Err  error        // why a shell-form command does not parse
}

// NewCommand parses a shell-form command; an exec-form one is not parsed.
func NewCommand(text string, args []string, exec bool) Command {
	c := Command{Text: text, Args: args, Exec: exec}
	if !exec {
		if ast, err := ParseShell(text, ""); err != nil {
			c.Err = err
		} else {
			c.AST = ast
		}
	}
	return c
}

// Interpreters run the script given as their first argument ("exec" runs
// its argument as the program instead).
var Interpreters = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "node": true,
	"python": true, "python3": true, "deno": true, "bun": true, "ruby": true, "perl": true, "pwsh": true,
	"powershell": true, "tsx": true, "ts-node": true, "source": true, ".": true, "exec": false}

// ScriptRef is a file of the plugin a command runs or reads.
type ScriptRef struct {
	Rel    string // relative to the plugin root
	Direct bool   // run as a program, so it needs the execute bit and a shebang
	// Runs: run as a program or given to an interpreter as its script, so
	// it must be a file; any other argument (cd's, ls's, cp's) may name a
	// directory by design.
	Runs bool
}

// RootPath returns the plugin-relative path of a word that starts with
// ${CLAUDE_PLUGIN_ROOT}/ and has no other expansion.
func RootPath(w string) (string, bool) {
	if !strings.HasPrefix(w, RootMark+"/") {
		return "", false
	}
	rest := strings.TrimPrefix(w, RootMark+"/")
	if strings.Contains(rest, DynMark) || strings.ContainsAny(rest, "*?[") || rest == "" {
		return "", false
	}
	return path.Clean(rest), true
}

// Scripts finds the plugin files the command refers to through
// ${CLAUDE_PLUGIN_ROOT}.
func (c Command) Scripts() []ScriptRef {
	var out []ScriptRef
	if c.Exec {
		if rel, ok := RootPath(c.Text); ok {
			out = append(out, ScriptRef{Rel: rel, Direct: true, Runs: true})
		}
		for i, a := range c.Args {
			if rel, ok := RootPath(a); ok {
				out = append(out, ScriptRef{Rel: rel, Runs: i == 0 && Interpreters[path.Base(c.Text)]})
			}
		}
		return out
	}
	if c.AST == nil {
		return nil
	}
	for _, ws := range Calls(c.AST) {
		for i, w := range ws {
			rel, ok := RootPath(w)
			if !ok {
				continue
			}
			direct := i == 0 || i == 1 && (ws[0] == "exec" || ws[0] == "env")
			out = append(out, ScriptRef{Rel: rel, Direct: direct, Runs: direct || i == 1 && Interpreters[path.Base(ws[0])]})
		}
	}
	return out
}

// Programs returns what the command runs: each program and, for an
// interpreter, its script argument.
func (c Command) Programs() []string {
	if c.Exec {
		out := []string{c.Text}
		if Interpreters[path.Base(c.Text)] && len(c.Args) > 0 {
			out = append(out, c.Args[0])
		}
		return out
	}
	if c.AST == nil {
		return nil
	}
	var out []string
	for _, ws := range Calls(c.AST) {
		out = append(out, ws[0])
		if Interpreters[path.Base(ws[0])] && len(ws) > 1 {
			out = append(out, ws[1])
		}
	}
	return out
}

// RelativeScript returns the relative script path the command runs, if
// any: as the program, or (shell form) as the first argument of an
// interpreter.
func (c Command) RelativeScript() string {
	if c.Exec {
		if IsRelativeScript(c.Text) {
			return c.Text
		}
		return ""
	}
	if c.AST == nil {
		return ""
	}
	for _, ws := range Calls(c.AST) {
		if IsRelativeScript(ws[0]) {
			return ws[0]
		}
		if Interpreters[path.Base(ws[0])] && len(ws) > 1 && IsRelativeScript(ws[1]) {
			return ws[1]
		}
	}
	return ""
}

// IsRelativeScript reports a word that names a script by a relative path,
// which resolves against the user's directory, not the plugin.
func IsRelativeScript(w string) bool {
	if w == "" || strings.Contains(w, DynMark) || strings.HasPrefix(w, "/") || strings.HasPrefix(w, "$") ||
		strings.HasPrefix(w, "~") || strings.HasPrefix(w, "-") {
		return false
	}
	return strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") ||
		strings.Contains(w, "/") && hasScriptExt(w)
}

func hasScriptExt(w string) bool {
	switch path.Ext(w) {
	case ".sh", ".bash", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".ps1":
		return true
	}
	return false
}
