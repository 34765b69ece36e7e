package rules

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint/facts"
)

// numericSubst reports a command substitution that can only print numbers
// (or the script's own literals): jq whose filter ends in length, wc -l
// reading its stdin, date with the script's own arguments (the clock),
// and "|| echo 0" fallbacks. A count from a scanner's
// report cannot hold shell syntax, wherever the report came from.
func (t *evalTaint) numericSubst(cs *syntax.CmdSubst) bool {
	for _, s := range cs.Stmts {
		if !t.numericStmt(s) {
			return false
		}
	}
	return len(cs.Stmts) > 0
}

func (t *evalTaint) numericStmt(s *syntax.Stmt) bool {
	if s.Background || s.Coprocess || facts.StderrToStdout(s.Redirs) {
		return false
	}
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe {
			return t.numericStmt(c.Y)
		}
		return (c.Op == syntax.AndStmt || c.Op == syntax.OrStmt) && t.numericStmt(c.X) && t.numericStmt(c.Y)
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return false
		}
		args := c.Args[1:]
		switch callName(c) {
		case "echo", "printf":
			for _, a := range args {
				if !t.own(a) {
					return false
				}
			}
			return true
		case "wc":
			for _, a := range args {
				if lit := a.Lit(); lit != "-l" && lit != "-c" && lit != "-w" && lit != "-m" {
					return false // a file name is printed next to the count
				}
			}
			return true
		case "jq":
			return jqCounts(args)
		case "date":
			// the clock, in a format the script wrote: $(date +%s) is a
			// time stamp, not text from outside
			for _, a := range args {
				if !t.own(a) {
					return false
				}
			}
			return true
		}
	}
	return false
}

var jqLengthRE = regexp.MustCompile(`(^|\|)\s*length\s*$`)

// jqCounts: jq's first non-option argument, its filter, is a literal
// ending in length.
func jqCounts(args []*syntax.Word) bool {
	for i := 0; i < len(args); i++ {
		lit := args[i].Lit()
		switch {
		case lit == "--arg" || lit == "--argjson" || lit == "--slurpfile" || lit == "--rawfile":
			i += 2
		case strings.HasPrefix(lit, "-"):
		default:
			f, ok := facts.LiteralWord(args[i])
			return ok && jqLengthRE.MatchString(f)
		}
	}
	return false
}

// ownArith reports whether an arithmetic expression ($((…)), an index, a
// slice) is the script's own. Bash evaluates a bare name there as an
// expression in turn, so its value is code: with n='a[$(touch /tmp/p)]',
// $((n+1)) runs touch (checked with bash 5.2) before eval sees a number.
// A bare name is then read like $n.
func (t *evalTaint) ownArith(x syntax.Node) bool {
	ok := true
	syntax.Walk(x, func(n syntax.Node) bool {
		if !ok {
			return false
		}
		if w, isWord := n.(*syntax.Word); isWord {
			if name := w.Lit(); shellName(name) {
				ok = t.ownVar(name, w.Pos())
			} else {
				ok = t.ownNode(w)
			}
			return false
		}
		return true
	})
	return ok
}

// shellName: a variable name (not a number, not an expression).
func shellName(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// assocDecl records the names a declare/local/typeset -A declares.
func assocDecl(d *syntax.DeclClause, assoc map[string]bool) {
	isAssoc := false
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-") && strings.Contains(a.Value.Lit(), "A") {
			isAssoc = true
		}
	}
	for _, a := range d.Args {
		if isAssoc && a.Name != nil {
			assoc[a.Name.Value] = true
		}
	}
}

// arithAssign are the operators of (( name op= … )).
var arithAssign = map[syntax.BinAritOperator]bool{syntax.Assgn: true, syntax.AddAssgn: true, syntax.SubAssgn: true,
	syntax.MulAssgn: true, syntax.QuoAssgn: true, syntax.RemAssgn: true, syntax.AndAssgn: true, syntax.OrAssgn: true,
	syntax.XorAssgn: true, syntax.ShlAssgn: true, syntax.ShrAssgn: true}
