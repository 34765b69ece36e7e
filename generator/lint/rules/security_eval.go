package rules

import (
	"path"

	"github.com/plugforge/plugforge/generator/lint/facts"

	"mvdan.cc/sh/v3/syntax"
)

// evalTaint decides which expansions in an eval are data from outside the
// script. SE002 is about hook input (tool names, file paths, commands the
// model wrote) reaching eval; a script that builds its own command string
// from literals, or evals the output of a tool that prints shell code on
// purpose (ssh-agent, brew shellenv, pyenv init, …), evaluates only what
// its author wrote.
//
// A variable is the script's own when it is assigned at least once and
// every assignment (anywhere in the source, as the analysis is not
// flow-sensitive) is built from literals and variables that are themselves
// the script's own. A positional parameter inside a function is the
// script's own when every call of that function in the script passes its
// own text in that position (mapfile_compat ARR), and the script's own
// positional parameters when only the plugin's configuration runs it, with
// literal arguments (facts.ArgsFromConfig). Anything read (read, the
// script's parameters otherwise, command output other than a
// shell-code generator, unassigned variables other than a few set by the
// system or Claude Code) is outside data.
type evalTaint struct {
	assigns  map[string][]*syntax.Word // nil word: assigned from outside (read, for over $@, …)
	memo     map[string]int            // 2 own, 3 outside
	visiting map[string]bool
	funcs    []*syntax.FuncDecl            // every function, to find the one around a word
	calls    map[string][]*syntax.CallExpr // calls of each function, by name

	readOf         map[*syntax.Word]*syntax.CallExpr // assignment by read/mapfile: the call
	stdin          map[*syntax.CallExpr]*stdinSrc    // where a read call's input comes from
	rootMemo       map[string]bool
	quotedVisiting map[string]bool
	locals         map[string]map[string]bool // names each function declares local
	assoc          map[string]bool            // arrays declared -A: their index is a key, not arithmetic

	// argsOwn answers whether the script's own positional parameters are
	// the plugin's own text (facts.ArgsFromConfig); nil for a hook command.
	argsOwn  func() bool
	argsMemo int // 0 not asked, 2 own, 3 outside

	guards []numericGuard // stretches run only after a variable was checked numeric
}

// envOwn are variables set by Claude Code or the shell itself, not by the
// hook input; the user's session variables (HOME, USER, …) are
// facts.SessionVar.
var envOwn = map[string]bool{"CLAUDE_PLUGIN_ROOT": true, "CLAUDE_PROJECT_DIR": true, "CLAUDE_PLUGIN_DATA": true, "BASH_SOURCE": true, "0": true, "#": true, "?": true, "$": true}

// shellCodeTools print shell code meant to be eval'd; their output is
// their own, not the hook input.
var shellCodeTools = map[string]bool{"ssh-agent": true, "brew": true, "pyenv": true, "rbenv": true, "nodenv": true,
	"direnv": true, "conda": true, "starship": true, "zoxide": true, "fnm": true, "mise": true, "rtx": true,
	"dircolors": true, "goenv": true, "jenv": true, "keychain": true, "opam": true, "gpg-agent": true, "luarocks": true}

func newEvalTaint(f *syntax.File) *evalTaint {
	t := &evalTaint{assigns: map[string][]*syntax.Word{}, memo: map[string]int{}, visiting: map[string]bool{},
		calls: map[string][]*syntax.CallExpr{}, readOf: map[*syntax.Word]*syntax.CallExpr{},
		stdin: map[*syntax.CallExpr]*stdinSrc{}, rootMemo: map[string]bool{}, quotedVisiting: map[string]bool{},
		assoc: map[string]bool{}}
	syntax.Walk(f, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			t.funcs = append(t.funcs, fd)
			t.calls[fd.Name.Value] = nil
		}
		return true
	})
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok {
			if _, isFunc := t.calls[callName(c)]; isFunc && len(c.Args) > 0 {
				t.calls[callName(c)] = append(t.calls[callName(c)], c)
			}
		}
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name == nil {
				break
			}
			switch {
			case n.Value != nil:
				t.assigns[n.Name.Value] = append(t.assigns[n.Name.Value], n.Value)
			case n.Array != nil:
				for _, e := range n.Array.Elems {
					t.assigns[n.Name.Value] = append(t.assigns[n.Name.Value], e.Value)
				}
			case !n.Naked:
				t.assigns[n.Name.Value] = append(t.assigns[n.Name.Value], &syntax.Word{})
			}
		case *syntax.DeclClause:
			assocDecl(n, t.assoc)
		case *syntax.BinaryArithm:
			if arithAssign[n.Op] {
				if w, ok := n.X.(*syntax.Word); ok && shellName(w.Lit()) {
					t.assigns[w.Lit()] = append(t.assigns[w.Lit()], &syntax.Word{}) // (( i = … )) stores a number
				}
			}
		case *syntax.UnaryArithm:
			if w, ok := n.X.(*syntax.Word); ok && shellName(w.Lit()) && (n.Op == syntax.Inc || n.Op == syntax.Dec) {
				t.assigns[w.Lit()] = append(t.assigns[w.Lit()], &syntax.Word{})
			}
		case *syntax.ForClause:
			if wi, ok := n.Loop.(*syntax.WordIter); ok {
				if len(wi.Items) == 0 {
					t.assigns[wi.Name.Value] = append(t.assigns[wi.Name.Value], nil) // for x; iterates "$@"
				}
				t.assigns[wi.Name.Value] = append(t.assigns[wi.Name.Value], wi.Items...)
			}
		case *syntax.CallExpr:
			if len(n.Args) > 0 && readsLines(n) {
				for _, a := range n.Args[1:] {
					if lit := a.Lit(); lit != "" && lit[0] != '-' {
						w := &syntax.Word{} // stands for what this call reads
						t.readOf[w] = n
						t.assigns[lit] = append(t.assigns[lit], w)
					}
				}
			}
		}
		return true
	})
	t.mapStdin(f)
	t.collectLocals()
	t.collectNumericGuards(f)
	return t
}

// ownAssign reports whether one assignment of a variable is own text:
// what a read took, or the assigned word.
func (t *evalTaint) ownAssign(w *syntax.Word) bool {
	if c := t.readOf[w]; c != nil {
		return t.ownRead(c)
	}
	return t.own(w)
}

// own reports whether every expansion in w is the script's own text.
func (t *evalTaint) own(w *syntax.Word) bool {
	return w != nil && t.ownNode(w)
}

// ownNode is own for any node: a word, an index or a slice's arithmetic.
func (t *evalTaint) ownNode(node syntax.Node) bool {
	ok := true
	syntax.Walk(node, func(n syntax.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Param != nil && len(n.Param.Value) == 1 && n.Param.Value[0] >= '1' && n.Param.Value[0] <= '9' {
				ok = t.ownParam(n, int(n.Param.Value[0]-'0')) && t.ownOps(n)
				return false
			}
			ok = n.Param != nil && t.ownVar(n.Param.Value, n.Pos()) && t.ownOps(n)
			return false
		case *syntax.CmdSubst:
			ok = shellCodeSubst(n) || identitySubst(n) || t.scriptDirSubst(n) || t.shippedSubst(n) || t.numericSubst(n)
			return false
		case *syntax.ArithmExp:
			ok = t.ownArith(n.X)
			return false
		case *syntax.ProcSubst:
			ok = false
		}
		return true
	})
	return ok
}

// ownVar reports whether every assignment of name that can reach the
// expansion at pos is the script's own; a variable never assigned is own
// only when the system or Claude Code sets it.
func (t *evalTaint) ownVar(name string, pos syntax.Pos) bool {
	if t.checkedNumeric(name, pos) {
		return true // checked to be a whole number first: no syntax in it
	}
	ws, assigned := t.assigns[name]
	if !assigned {
		return envOwn[name] || facts.SessionVar(name)
	}
	key, ws := t.scoped(name, pos, ws)
	return t.fixpoint(key, func() bool {
		for _, w := range ws {
			if !t.ownAssign(w) {
				return false
			}
		}
		return true
	})
}

// fixpoint answers for key (a variable, or a function's parameter) as a
// greatest fixed point: a key met again while its own answer is being
// computed (cmd="$cmd --verbose", a recursive call) counts as own, and
// only answers for a key asked from outside any such computation are
// memoized, as inner ones may rest on that assumption.
func (t *evalTaint) fixpoint(key string, compute func() bool) bool {
	if r, ok := t.memo[key]; ok {
		return r == 2
	}
	if t.visiting[key] {
		return true
	}
	t.visiting[key] = true
	own := compute()
	delete(t.visiting, key)
	if len(t.visiting) == 0 {
		t.memo[key] = 3
		if own {
			t.memo[key] = 2
		}
	}
	return own
}

// shellCodeSubst reports whether a command substitution is one call of a
// tool that prints shell code for eval, with literal arguments.
func shellCodeSubst(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	c, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 || !shellCodeTools[path.Base(c.Args[0].Lit())] {
		return false
	}
	for _, a := range c.Args[1:] {
		if expands(a) {
			return false
		}
	}
	return true
}

// ownOps reports whether the operators of an expansion of own text keep
// it own: a default (~${USER:-$(whoami)}), trimming, case changes, a
// replacement, a slice or an index, each with own operands, only select
// from or add to the script's own text. ${x@P} and the other @ operators
// are left outside, as prompt expansion runs $(…) in the value.
func (t *evalTaint) ownOps(pe *syntax.ParamExp) bool {
	if pe.Exp != nil && (pe.Exp.Op == syntax.OtherParamOps || (pe.Exp.Word != nil && !t.own(pe.Exp.Word))) {
		return false
	}
	if pe.Repl != nil && (!t.own(pe.Repl.Orig) || !t.own(pe.Repl.With)) {
		return false
	}
	var arith []syntax.ArithmExpr
	if pe.Slice != nil {
		arith = append(arith, pe.Slice.Offset, pe.Slice.Length)
	}
	if pe.Index != nil {
		if pe.Param != nil && t.assoc[pe.Param.Value] {
			if !t.ownNode(pe.Index) { // a key: a string, not arithmetic
				return false
			}
		} else {
			arith = append(arith, pe.Index)
		}
	}
	for _, n := range arith {
		if n != nil && !t.ownArith(n) {
			return false
		}
	}
	return true
}

// identitySubst reports whether a command substitution is one call that
// prints the user's own identity (whoami, id -un, hostname) with literal
// arguments: the user's session, not data from outside.
func identitySubst(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	c, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	args := make([]string, 0, len(c.Args)-1)
	for _, a := range c.Args[1:] {
		if expands(a) {
			return false
		}
		args = append(args, a.Lit())
	}
	return facts.SessionIdentity(c.Args[0].Lit(), args)
}

// ownParam reports whether positional parameter i, expanded by pe, is the
// script's own: pe is inside a function, and every call of that function
// passes an argument i that is itself the script's own (in the caller's
// context). The script's own parameters, and a function never called, are
// outside data.
func (t *evalTaint) ownParam(pe *syntax.ParamExp, i int) bool {
	fn := t.funcAt(pe.Pos())
	if fn == "" {
		return t.scriptArgsOwn()
	}
	return t.fixpoint(fn+"#"+string(rune('0'+i)), func() bool {
		calls := t.calls[fn]
		for _, c := range calls {
			if i >= len(c.Args) || !t.own(c.Args[i]) {
				return false
			}
		}
		return len(calls) > 0
	})
}

// scriptArgsOwn reports whether the script's own arguments are written in
// the plugin's configuration: an MCP server's "args": ["npm"] is as much
// the plugin's text as a literal in the script.
func (t *evalTaint) scriptArgsOwn() bool {
	if t.argsOwn == nil {
		return false
	}
	if t.argsMemo == 0 {
		t.argsMemo = 3
		if t.argsOwn() {
			t.argsMemo = 2
		}
	}
	return t.argsMemo == 2
}

// funcAt names the innermost function whose body holds pos, or "".
func (t *evalTaint) funcAt(pos syntax.Pos) string {
	name, size := "", uint(0)
	for _, fd := range t.funcs {
		start, end := fd.Pos().Offset(), fd.End().Offset()
		if pos.Offset() >= start && pos.Offset() < end && (name == "" || end-start < size) {
			name, size = fd.Name.Value, end-start
		}
	}
	return name
}
