package rules

import "mvdan.cc/sh/v3/syntax"

// Variables declared local in a function are that function's own: a
// "local line" read from the user's file in one function is not the
// "local line" another function reads from a shipped file. Bash scopes
// locals dynamically, so a function's local x can still be set by a
// function it calls that assigns x without declaring it; only the
// assignments inside other functions that declare x local themselves are
// left out. Outside such a function every assignment counts, as before.

// collectLocals records, for every function, the names it declares with
// local, declare or typeset.
func (t *evalTaint) collectLocals() {
	t.locals = map[string]map[string]bool{}
	for _, fd := range t.funcs {
		names := map[string]bool{}
		syntax.Walk(fd.Body, func(n syntax.Node) bool {
			if d, ok := n.(*syntax.DeclClause); ok && d.Variant != nil {
				switch d.Variant.Value {
				case "local", "declare", "typeset":
					for _, a := range d.Args {
						if a.Name != nil {
							names[a.Name.Value] = true
						}
					}
				}
			}
			return true
		})
		t.locals[fd.Name.Value] = names
	}
}

// scoped returns the memo key and the assignments of name that can reach
// an expansion at pos.
func (t *evalTaint) scoped(name string, pos syntax.Pos, ws []*syntax.Word) (string, []*syntax.Word) {
	fn := t.funcAt(pos)
	if fn == "" || !t.locals[fn][name] {
		return name, ws
	}
	var in []*syntax.Word
	for _, w := range ws {
		wfn := t.funcAt(t.assignPos(w))
		if wfn == fn || !t.locals[wfn][name] {
			in = append(in, w)
		}
	}
	return fn + ":" + name, in
}

// assignPos is where an assignment happens: the read call for what a read
// took, else the assigned word (an empty declaration counts as outside
// every function, which keeps it in every scope).
func (t *evalTaint) assignPos(w *syntax.Word) syntax.Pos {
	if w == nil {
		return syntax.Pos{}
	}
	if c := t.readOf[w]; c != nil {
		return c.Pos()
	}
	return w.Pos()
}
