package facts

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Injection is a shell command Claude Code runs when it loads a command or
// skill body: an inline !`cmd`, or a ```! block. [Start, End) are offsets
// into the file.
type Injection struct {
	Start, End int
}

// The two forms Claude Code 2.1.330 executes (CRn in its bundle: the
// patterns /```!\s*\n?([\s\S]*?)\n?```/g and /(?<=^|\s)!`([^`]+)`/gm). It
// does not skip ordinary code fences, so a !`cmd` shown inside a
// ```markdown example runs too; it does skip inline code spans that are
// not themselves the marker, which a single backtick run cannot form here.
var (
	bangFenceRE  = lazyre.New("```!\\s*\\n?[\\s\\S]*?\\n?```")
	bangInlineRE = lazyre.New("(?m)(?:^|[\\s])!`[^`]+`")
	bangFence    = NewNeedles("```!")
	bangInline   = NewNeedles("!`")
)

// Injections finds the shell commands a component body runs on load.
var Injections = lint.NewFileAnalysis("injections", "the !`cmd` and ```! shell commands a command or skill body runs when it loads",
	nil, func(_ *lint.Input, f *snapshot.File) []Injection {
		var out []Injection
		for _, m := range bangFence.FindAll(bangFenceRE, f) {
			out = append(out, Injection{m[0], m[1]})
		}
		for _, m := range bangInline.FindAll(bangInlineRE, f) {
			out = append(out, Injection{m[0], m[1]})
		}
		return out
	})

// InjectionAt returns the injection off falls inside, if any.
func InjectionAt(injs []Injection, off int) (Injection, bool) {
	for _, in := range injs {
		if off >= in.Start && off < in.End {
			return in, true
		}
	}
	return Injection{}, false
}

// Guarded reports whether the injection's command cannot fail: its last
// statement is an "a || b" whose fallback b is echo, printf, true or ":"
// (`test -x "$x" && echo ok || echo missing`). Claude Code aborts an
// invocation only when an injected command fails.
func (in Injection) Guarded(data []byte) bool {
	cmd := strings.TrimLeft(string(data[in.Start:in.End]), " \t\r\n")
	if body, ok := strings.CutPrefix(cmd, "```!"); ok {
		cmd = strings.TrimSuffix(body, "```")
	} else {
		cmd = strings.TrimSuffix(strings.TrimPrefix(cmd, "!`"), "`")
	}
	return guardedCommand(cmd)
}

// guardedCommand parses cmd (never running it) and checks its last
// statement, the one whose status is the command's.
func guardedCommand(cmd string) bool {
	f, err := ParseShell(cmd, "")
	if err != nil || f == nil || len(f.Stmts) == 0 {
		return false
	}
	or, ok := f.Stmts[len(f.Stmts)-1].Cmd.(*syntax.BinaryCmd)
	if !ok || or.Op != syntax.OrStmt {
		return false
	}
	call, ok := or.Y.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	switch call.Args[0].Lit() {
	case "echo", "printf", "true", ":":
		return true
	}
	return false
}
