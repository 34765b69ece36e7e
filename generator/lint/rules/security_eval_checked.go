package rules

import (
	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// numericGuard is a stretch of the script that runs only once a variable
// has been checked to hold a whole number: the right side of
// `[ "$fd" -gt 2 ] && …`, `[[ $fd =~ ^[0-9]+$ ]] && …`, or the then-branch
// of an if whose condition is such a check. A number cannot carry shell
// syntax, so an eval there does not parse outside text as code, wherever
// the value came from (`ls /proc/self/fd`).
type numericGuard struct {
	name     string
	from, to uint
}

// collectNumericGuards records the guards of f.
func (t *evalTaint) collectNumericGuards(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			if n.Op == syntax.AndStmt {
				if v := numericCheck(n.X); v != "" {
					t.guards = append(t.guards, numericGuard{v, n.Y.Pos().Offset(), n.Y.End().Offset()})
				}
			}
		case *syntax.IfClause:
			if len(n.Cond) == 1 && len(n.Then) > 0 {
				if v := numericCheck(n.Cond[0]); v != "" {
					t.guards = append(t.guards, numericGuard{v, n.Then[0].Pos().Offset(), n.Then[len(n.Then)-1].End().Offset()})
				}
			}
		}
		return true
	})
}

// checkedNumeric reports whether the expansion of name at pos runs only
// after a check that name holds a whole number.
func (t *evalTaint) checkedNumeric(name string, pos syntax.Pos) bool {
	for _, g := range t.guards {
		if g.name == name && pos.Offset() >= g.from && pos.Offset() < g.to && !t.assignedIn(name, g.from, pos.Offset()) {
			return true
		}
	}
	return false
}

// numericCheck returns the variable a statement checks for a whole
// number, or "": `[ "$v" -gt 2 ]` or `test "$v" -eq 0` (test fails on a
// non-integer operand), or `[[ $v =~ ^[0-9]+$ ]]` (anchored, digits
// only). `[[ $v -gt 2 ]]` is not one: [[ evaluates $v as arithmetic,
// which runs a command substitution inside an array index; nor is an
// unanchored match, nor a test with -a, -o or !.
func numericCheck(s *syntax.Stmt) string {
	if s.Negated || s.Background {
		return ""
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		args := c.Args
		if len(args) == 5 && args[0].Lit() == "[" && args[4].Lit() == "]" {
			args = args[1:4]
		} else if len(args) == 4 && args[0].Lit() == "test" {
			args = args[1:]
		} else {
			return ""
		}
		if !intCompareOps[args[1].Lit()] {
			return ""
		}
		if v := singleVar(args[0]); v != "" && args[2].Lit() != "" {
			return v
		}
		if v := singleVar(args[2]); v != "" && args[0].Lit() != "" {
			return v
		}
	case *syntax.TestClause:
		if b, ok := c.X.(*syntax.BinaryTest); ok && b.Op == syntax.TsReMatch {
			x, okx := b.X.(*syntax.Word)
			y, oky := b.Y.(*syntax.Word)
			if okx && oky && digitsOnlyRE.MatchString(y.Lit()) {
				return singleVar(x)
			}
		}
	}
	return ""
}

var intCompareOps = map[string]bool{"-gt": true, "-ge": true, "-lt": true, "-le": true, "-eq": true, "-ne": true}

// digitsOnlyRE: a regular expression that matches whole numbers only.
var digitsOnlyRE = lazyre.New(`^\^-?(?:\[0-9\]|\[\[:digit:\]\]|\\d)(?:[+*]|\{1,?[0-9]*\})?(?:\[0-9\]\*|\[\[:digit:\]\]\*)?\$$`)

// singleVar returns the name of the variable a word is made of alone
// ("$v", "${v}", `"$v"`), or "".
func singleVar(w *syntax.Word) string {
	if w == nil || len(w.Parts) != 1 {
		return ""
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return ""
		}
		part = dq.Parts[0]
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Repl != nil || pe.Index != nil || pe.Slice != nil || pe.Length || pe.Excl {
		return ""
	}
	return pe.Param.Value
}

// assignedIn reports whether name is assigned between from and to: a
// value set after the check is not the one checked.
func (t *evalTaint) assignedIn(name string, from, to uint) bool {
	for _, w := range t.assigns[name] {
		if w == nil || len(w.Parts) == 0 {
			return true // a read, a for over $@, a bare declaration: no position to compare
		}
		if o := w.Pos().Offset(); o >= from && o < to {
			return true
		}
	}
	return false
}
