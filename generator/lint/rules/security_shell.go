package rules

import (
	"path"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// shellSource is shell code found in a plugin: a script file, or one hook
// command string inside a hooks file.
type shellSource struct {
	AST *syntax.File
	At  func(syntax.Pos) snapshot.Loc
}

var shellKinds = kinds(snapshot.KindOther, snapshot.KindSkillFile, snapshot.KindHooks, snapshot.KindManifest)

// shellSources parses the shell code of the pass's file.
func shellSources(pass *lint.Pass) []shellSource {
	f := pass.File
	if f.Kind == snapshot.KindHooks || f.Kind == snapshot.KindManifest {
		var out []shellSource
		for _, h := range facts.Hooks.Of(pass, f).Commands() {
			if h.Cmd.Exec {
				continue
			}
			if h.Cmd.AST != nil {
				loc := jsonLoc(f, h.Ptr+"/command")
				out = append(out, shellSource{h.Cmd.AST, func(syntax.Pos) snapshot.Loc { return loc }})
			}
		}
		return out
	}
	sh := facts.Shell.Of(pass, f)
	if sh == nil || sh.Err != nil {
		return nil
	}
	return []shellSource{{sh.AST, func(p syntax.Pos) snapshot.Loc { return f.LineCol(int(p.Line()), int(p.Col())) }}}
}

// callName is the command name of a call (the base name of its first word).
func callName(c *syntax.CallExpr) string {
	if len(c.Args) == 0 {
		return ""
	}
	return path.Base(facts.WordText(c.Args[0]))
}

// eachCall visits every simple command.
func eachCall(n syntax.Node, fn func(*syntax.CallExpr)) {
	syntax.Walk(n, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			fn(c)
		}
		return true
	})
}

// hasFetch reports whether a node runs curl or wget.
func hasFetch(n syntax.Node) bool {
	found := false
	eachCall(n, func(c *syntax.CallExpr) {
		if name := callName(c); name == "curl" || name == "wget" {
			found = true
		}
	})
	return found
}

var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true,
	"python": true, "python3": true, "perl": true, "ruby": true, "node": true, "source": true, ".": true, "eval": true}

// firstCall is the first simple command of a statement, skipping sudo.
func firstCall(s *syntax.Stmt) *syntax.CallExpr {
	var out *syntax.CallExpr
	syntax.Walk(s, func(n syntax.Node) bool {
		if out != nil {
			return false
		}
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			out = c
			return false
		}
		return true
	})
	return out
}

// runsShell reports whether a call runs a shell or interpreter (possibly via sudo).
func runsShell(c *syntax.CallExpr) bool {
	if c == nil {
		return false
	}
	name := callName(c)
	if (name == "sudo" || name == "env") && len(c.Args) > 1 {
		name = path.Base(facts.WordText(c.Args[1]))
	}
	return shells[name]
}

// expands reports whether a word contains a parameter expansion or a
// command or process substitution.
func expands(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			found = true
		}
		return !found
	})
	return found
}
