package rules

import (
	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint/facts"
)

// This file decides the two sources of eval text that are not outside
// data although they are read at run time: the plugin's own shipped files,
// read by a path under the script's directory or ${CLAUDE_PLUGIN_ROOT},
// and the output of a quoting step (facts.QuotingStep).

// stdinSrc is what a command reads on stdin: a file (path) or the text of
// a here-document or here-string (text).
type stdinSrc struct {
	word *syntax.Word
	path bool
}

// mapStdin records, for every read/mapfile/readarray call, where its stdin
// comes from when a redirection of the call or of a compound around it
// says so (while read …; done < "$DIR/rules.md"). A pipe, or no
// redirection, leaves it unknown: the hook's stdin or another command.
func (t *evalTaint) mapStdin(f *syntax.File) {
	var visit func(n syntax.Node, cur *stdinSrc)
	visitStmt := func(s *syntax.Stmt, cur *stdinSrc) {
		for _, r := range s.Redirs {
			if r.N != nil && r.N.Value != "0" {
				continue
			}
			switch r.Op {
			case syntax.RdrIn:
				cur = &stdinSrc{word: r.Word, path: true}
			case syntax.Hdoc, syntax.DashHdoc:
				cur = &stdinSrc{word: r.Hdoc}
			case syntax.WordHdoc:
				cur = &stdinSrc{word: r.Word}
			}
		}
		if s.Cmd != nil {
			visit(s.Cmd, cur)
		}
	}
	visit = func(n syntax.Node, cur *stdinSrc) {
		syntax.Walk(n, func(m syntax.Node) bool {
			switch m := m.(type) {
			case *syntax.Stmt:
				visitStmt(m, cur)
				return false
			case *syntax.BinaryCmd:
				if m.Op == syntax.Pipe || m.Op == syntax.PipeAll {
					visitStmt(m.X, cur)
					visitStmt(m.Y, nil)
					return false
				}
			case *syntax.CallExpr:
				if cur != nil && readsLines(m) {
					t.stdin[m] = cur
				}
			}
			return true
		})
	}
	for _, s := range f.Stmts {
		visitStmt(s, nil)
	}
}

func readsLines(c *syntax.CallExpr) bool {
	switch callName(c) {
	case "read", "mapfile", "readarray":
		return true
	}
	return false
}

// ownRead reports whether what a read call took is the script's own: it
// read a shipped file, or a here-document or here-string of own text.
func (t *evalTaint) ownRead(c *syntax.CallExpr) bool {
	src := t.stdin[c]
	if src == nil || src.word == nil {
		return false
	}
	for _, a := range c.Args[1:] {
		if a.Lit() == "-u" {
			return false // reads another descriptor
		}
	}
	if src.path {
		return t.shippedPath(src.word)
	}
	return t.own(src.word)
}

// shippedPath reports whether a word is a path under the plugin: it starts
// with ${CLAUDE_PLUGIN_ROOT}, the script's directory, or a variable that
// only ever holds one of those, and the rest is the script's own text.
func (t *evalTaint) shippedPath(w *syntax.Word) bool {
	parts := flatParts(w.Parts)
	if len(parts) == 0 {
		return false
	}
	switch p := parts[0].(type) {
	case *syntax.ParamExp:
		if p.Param == nil || p.Index != nil || p.Slice != nil || p.Repl != nil || !t.rootVar(p.Param.Value) {
			return false
		}
		if p.Exp != nil && ((p.Exp.Op != syntax.DefaultUnset && p.Exp.Op != syntax.DefaultUnsetOrNull) || !t.shippedPath(p.Exp.Word)) {
			return false
		}
	case *syntax.CmdSubst:
		if !t.scriptDirSubst(p) {
			return false
		}
	default:
		return false
	}
	return t.own(&syntax.Word{Parts: parts[1:]})
}

// flatParts opens double quotes: "$DIR/x" is $DIR then /x.
func flatParts(ps []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for _, p := range ps {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			out = append(out, flatParts(dq.Parts)...)
			continue
		}
		out = append(out, p)
	}
	return out
}

// rootVar reports whether a variable holds the plugin's root or the
// script's directory: CLAUDE_PLUGIN_ROOT, or assigned only such paths.
func (t *evalTaint) rootVar(name string) bool {
	if name == "CLAUDE_PLUGIN_ROOT" {
		return true
	}
	ws, assigned := t.assigns[name]
	if !assigned {
		return false
	}
	if r, ok := t.rootMemo[name]; ok {
		return r
	}
	t.rootMemo[name] = false // a path defined by itself is not a root
	for _, w := range ws {
		if w == nil || t.readOf[w] != nil || !t.shippedPath(w) {
			return false
		}
	}
	t.rootMemo[name] = true
	return true
}

// pathCommands print a path computed from their arguments.
var pathCommands = map[string]bool{"cd": true, "pwd": true, "dirname": true, "realpath": true, "readlink": true}

// scriptDirSubst reports $(dirname "$0"), $(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
// and the like: only path commands, with own arguments, about the script's
// own path or the plugin root.
func (t *evalTaint) scriptDirSubst(cs *syntax.CmdSubst) bool {
	ok, anchored := true, false
	syntax.Walk(cs, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			if len(n.Args) == 0 || len(n.Assigns) > 0 || !pathCommands[callName(n)] {
				ok = false
				return false
			}
			for _, a := range n.Args[1:] {
				ok = ok && t.own(a)
			}
		case *syntax.ParamExp:
			if n.Param != nil && (n.Param.Value == "0" || n.Param.Value == "BASH_SOURCE" || t.rootVar(n.Param.Value)) {
				anchored = true
			}
		case *syntax.Stmt:
			ok = ok && len(n.Redirs) == 0
		}
		return ok
	})
	return ok && anchored
}

// textFilters turn their input into a selection of it.
var textFilters = map[string]bool{"cat": true, "grep": true, "sed": true, "awk": true, "head": true, "tail": true,
	"cut": true, "tr": true, "sort": true, "uniq": true}

// shippedSubst reports $(cat "$DIR/x"), $(< "$DIR/x") or
// $(grep -v '^#' "$DIR/x" | cut -f2): text of a shipped file, passed only
// through filters whose arguments are literals or shipped paths.
func (t *evalTaint) shippedSubst(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	s := cs.Stmts[0]
	first, rest := s, []*syntax.Stmt(nil)
	for {
		b, ok := first.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe {
			break
		}
		first, rest = b.X, append([]*syntax.Stmt{b.Y}, rest...)
	}
	shipped := false
	for _, r := range first.Redirs {
		if r.Op == syntax.RdrIn && (r.N == nil || r.N.Value == "0") {
			shipped = t.shippedPath(r.Word)
		}
	}
	if c, ok := first.Cmd.(*syntax.CallExpr); ok {
		if !textFilters[callName(c)] || len(c.Assigns) > 0 {
			return false
		}
		for _, a := range c.Args[1:] {
			if t.shippedPath(a) {
				shipped = true
			} else if expands(a) {
				return false
			}
		}
	} else if first.Cmd != nil {
		return false
	}
	for _, st := range rest {
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(st.Redirs) > 0 || !textFilters[callName(c)] {
			return false
		}
		for _, a := range c.Args[1:] {
			if !t.own(a) {
				return false
			}
		}
	}
	return shipped
}

// quoted reports whether a word is exactly the output of a quoting step,
// $(printf 'A=%q' …) or a variable only ever assigned such output (or own
// text). Only the whole eval text counts: a quoted value spliced into a
// longer string can land inside double quotes, where '…' quotes nothing.
func (t *evalTaint) quoted(w *syntax.Word) bool {
	parts := flatParts(w.Parts)
	if len(parts) != 1 {
		return false
	}
	switch p := parts[0].(type) {
	case *syntax.CmdSubst:
		return facts.QuotingStep(p)
	case *syntax.ParamExp:
		if p.Param == nil || p.Exp != nil || p.Repl != nil || p.Slice != nil || p.Index != nil || p.Excl || p.Length {
			return false
		}
		ws, assigned := t.assigns[p.Param.Value]
		if !assigned || t.quotedVisiting[p.Param.Value] {
			return false
		}
		t.quotedVisiting[p.Param.Value] = true
		defer delete(t.quotedVisiting, p.Param.Value)
		for _, a := range ws {
			if a == nil || !(t.ownAssign(a) || (t.readOf[a] == nil && t.quoted(a))) {
				return false
			}
		}
		return true
	}
	return false
}
