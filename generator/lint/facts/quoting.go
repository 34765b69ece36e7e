package facts

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// QuotingStep answers "does this command substitution print only shell
// assignments whose values went through a quoting step?" Text like that is
// safe to eval whatever the values held: each value arrives as one quoted
// word and never runs as code. The quoting steps are printf %q, python's
// shlex.quote in a program that prints only NAME=quoted lines, jq's @sh on
// values made scalar first, and declare -p / typeset -p.
//
// Every statement of the substitution that can write to its stdout must be
// such a printer; the others must print nothing (set, assignments, local,
// export, cd, a source of a file, anything with stdout redirected away). A
// printer that quotes only some of what it prints, or a program that also
// prints unquoted text, is not a quoting step: that text is still code to
// eval. A name on the left of "=" must be the script's own (a literal, or
// in python a loop variable over a literal list), since a name from the
// data ("x;rm -rf ~;y=") runs as well as any value.
func QuotingStep(cs *syntax.CmdSubst) bool {
	printers := 0
	return quotingStmts(cs.Stmts, &printers) && printers > 0
}

func quotingStmts(stmts []*syntax.Stmt, printers *int) bool {
	for _, s := range stmts {
		if !quotingStmt(s, printers) {
			return false
		}
	}
	return true
}

func quotingStmt(s *syntax.Stmt, printers *int) bool {
	if s.Background || s.Coprocess || stdoutAway(s.Redirs) {
		return true
	}
	if StderrToStdout(s.Redirs) {
		return false // error messages quote the input they choked on, unquoted
	}
	switch c := s.Cmd.(type) {
	case nil:
		return true
	case *syntax.Subshell:
		return quotingStmts(c.Stmts, printers)
	case *syntax.Block:
		return quotingStmts(c.Stmts, printers)
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			return quotingStmt(c.Y, printers) // only the last stage writes to the substitution
		}
		return quotingStmt(c.X, printers) && quotingStmt(c.Y, printers)
	case *syntax.DeclClause:
		if declPrints(c) {
			*printers++
		}
		return true
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return true // assignments only
		}
		name := WordText(c.Args[0])
		if silentCommands[name] {
			return true
		}
		if name == "cd" && !expandsAny(c.Args[1:]) {
			return true // with CDPATH, cd prints the directory it found
		}
		if quotingPrinter(name, c, s.Redirs) {
			*printers++
			return true
		}
	}
	return false
}

// silentCommands print nothing on stdout. A sourced file runs as code in
// the script anyway, so what it might print adds no power by being eval'd.
var silentCommands = map[string]bool{"set": true, "shopt": true, "unset": true, "trap": true, "true": true,
	":": true, ".": true, "source": true, "umask": true, "shift": true}

// expandsAny reports whether any word holds an expansion.
func expandsAny(ws []*syntax.Word) bool {
	for _, w := range ws {
		if _, lit := LiteralWord(w); !lit {
			return true
		}
	}
	return false
}

// stdoutAway reports whether a statement's stdout goes to a file or stderr.
func stdoutAway(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		target := WordText(r.Word)
		if stdoutNames[target] || (r.Op == syntax.DplOut && target == "1") {
			continue
		}
		switch r.Op {
		case syntax.RdrAll, syntax.AppAll:
			return true
		case syntax.RdrOut, syntax.AppOut, syntax.ClbOut, syntax.DplOut:
			if r.N == nil || r.N.Value == "1" {
				return true
			}
		}
	}
	return false
}

var stdoutNames = map[string]bool{"/dev/stdout": true, "/dev/fd/1": true, "/proc/self/fd/1": true}

// StderrToStdout reports 2>&1 (or 2>/dev/stdout).
func StderrToStdout(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		target := WordText(r.Word)
		if r.N != nil && r.N.Value == "2" && ((r.Op == syntax.DplOut && target == "1") || stdoutNames[target]) {
			return true
		}
	}
	return false
}

// declPrints reports whether declare/typeset -p prints definitions (which
// bash quotes itself); other declarations print nothing.
func declPrints(d *syntax.DeclClause) bool {
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			if opt := a.Value.Lit(); strings.HasPrefix(opt, "-") && strings.Contains(opt, "p") {
				return true
			}
		}
	}
	return false
}

// quotingPrinter reports whether one command prints only quoted assignments.
func quotingPrinter(name string, c *syntax.CallExpr, redirs []*syntax.Redirect) bool {
	switch name {
	case "printf":
		return printfQuoted(c.Args[1:])
	case "python", "python3":
		prog, ok := pythonProgram(c.Args[1:], redirs)
		return ok && PythonPrintsQuoted(prog)
	case "jq":
		return jqQuoted(c.Args[1:])
	}
	return false
}

// printfQuoted: printf [--] FORMAT ARGS… with a literal format of
// assignments whose every conversion is %q.
func printfQuoted(args []*syntax.Word) bool {
	if len(args) > 0 && args[0].Lit() == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	if args[0].Lit() == "-v" {
		return true // printf -v NAME assigns, prints nothing
	}
	format, ok := LiteralWord(args[0])
	if !ok {
		return false
	}
	format = strings.NewReplacer(`\n`, "\n", `\t`, "\t", "%%", "").Replace(format)
	var tmpl strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			tmpl.WriteByte(format[i])
			continue
		}
		if i+1 >= len(format) || format[i+1] != 'q' {
			return false // %s, %b, %d… print the value as it is
		}
		tmpl.WriteByte(quotedMark)
		i++
	}
	return AssignmentTemplate(tmpl.String())
}

// LiteralWord returns a word's text when it has no expansions.
func LiteralWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// quotedMark stands for one quoted value in an assignment template,
// nameMark for a name the program takes from its own literal list.
const (
	quotedMark = '\x01'
	nameMark   = '\x02'
)

var (
	assignTokenRE = regexp.MustCompile("^([A-Za-z_][A-Za-z0-9_]*|\x02)=(\x01|[A-Za-z0-9_./:@+-]*)$")
	declWords     = map[string]bool{"export": true, "local": true, "declare": true, "typeset": true, "readonly": true}
)

// AssignmentTemplate reports whether a printed template is made only of
// assignments: words NAME=<quoted value> (or a plain literal value), with
// export/local/declare/readonly and their options, separated by blanks,
// newlines or ";". Anything else (a command word, "eval %q", a quote
// character around a value) would put the quoted value somewhere it runs.
func AssignmentTemplate(t string) bool {
	assigns := 0
	for _, tok := range strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == ';' }) {
		switch {
		case assignTokenRE.MatchString(tok):
			assigns++
		case declWords[tok], len(tok) > 1 && tok[0] == '-' && strings.Trim(tok[1:], "gxraA-") == "":
		default:
			return false
		}
	}
	return assigns > 0
}
