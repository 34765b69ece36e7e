package facts

import (
	"strings"

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
)

// Injections finds the shell commands a component body runs on load.
var Injections = lint.NewFileAnalysis("injections", "the !`cmd` and ```! shell commands a command or skill body runs when it loads",
	nil, func(_ *lint.Input, f *snapshot.File) []Injection {
		var out []Injection
		for _, m := range FindAll(bangFenceRE, f.Data, "```!") {
			out = append(out, Injection{m[0], m[1]})
		}
		for _, m := range FindAll(bangInlineRE, f.Data, "!`") {
			out = append(out, Injection{m[0], m[1]})
		}
		return out
	})

// InInjection reports whether off falls inside one of injs.
func InInjection(injs []Injection, off int) bool {
	for _, in := range injs {
		if off >= in.Start && off < in.End {
			return true
		}
	}
	return false
}

// Guarded reports whether the shell command of the injection around off
// cannot fail: its last top-level "||" falls back to echo, printf, true
// or ":" (`test -x "$x" && echo ok || echo missing`). Claude Code aborts
// an invocation only when an injected command fails.
func Guarded(data []byte, injs []Injection, off int) bool {
	for _, in := range injs {
		if off >= in.Start && off < in.End {
			return guardedCommand(string(data[in.Start:in.End]))
		}
	}
	return false
}

func guardedCommand(cmd string) bool {
	last := -1
	var quote byte
	for i := 0; i+1 < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			i++
		case c == '|' && cmd[i+1] == '|':
			last = i + 2
			i++
		}
	}
	if last < 0 {
		return false
	}
	fields := strings.Fields(strings.Trim(cmd[last:], " \t`\n"))
	if len(fields) == 0 {
		return false
	}
	switch fields[0] {
	case "echo", "printf", "true", ":":
		return true
	}
	return false
}
