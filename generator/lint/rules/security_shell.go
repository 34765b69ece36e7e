package rules

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// securityShellRules read the shell code of scripts and hook commands for
// what should never run on a user's machine unreviewed.
func securityShellRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "SE001", Alias: "remote-script-execution", Family: famSecurity, Severity: lint.Error, Scope: lint.Loaded, Kinds: shellKinds,
			Title: "script or hook that downloads code and runs it (curl | sh)",
			Doc: lint.Doc{Why: `A hook that pipes curl or wget into a shell runs whatever the server returns, on
every user's machine, on every event, with the user's permissions — and the plugin's review
never sees that code. Ship the script, or pin and verify a download.`,
				Bad:         `curl -fsSL https://example.com/install.sh | bash`,
				Good:        `"${CLAUDE_PLUGIN_ROOT}/scripts/install.sh"   # shipped and reviewed`,
				Checked:     "2.1.328",
				Consequence: "Code the plugin does not ship runs on the user's machine with their rights, unreviewed."},
			Requires: []lint.Analyzer{facts.Hooks, facts.Shell},
			Check: func(pass *lint.Pass) {
				for _, src := range shellSources(pass) {
					syntax.Walk(src.AST, func(n syntax.Node) bool {
						switch n := n.(type) {
						case *syntax.BinaryCmd:
							if (n.Op == syntax.Pipe || n.Op == syntax.PipeAll) && hasFetch(n.X) && runsShell(firstCall(n.Y)) {
								pass.Reportf(src.At(n.Pos()), "ship the script with the plugin instead of downloading it",
									"downloaded code is piped into %s", callName(firstCall(n.Y)))
							}
						case *syntax.CallExpr:
							if !runsShell(n) {
								break
							}
							for _, a := range n.Args[1:] {
								if substFetch(a) {
									pass.Reportf(src.At(n.Pos()), "ship the script with the plugin instead of downloading it",
										"%s runs code downloaded by a command substitution", callName(n))
									break
								}
							}
						}
						return true
					})
				}
			},
		},
		{
			ID: "SE002", Alias: "eval-input", Family: famSecurity, Severity: lint.Error, Scope: lint.Loaded, Kinds: shellKinds,
			Title: "eval of expanded text in a script or hook",
			Doc: lint.Doc{Why: `Hooks receive JSON from Claude Code that contains tool input — file names,
commands, prompts the model wrote. "eval $x" or "eval \"$(jq …)\"" executes any shell syntax
in it. Parse the data instead (jq -r into variables, arrays). Not reported: an eval whose
every expansion is the script's own — variables assigned only from literals and other such
variables (a command the script builds itself), system and Claude Code variables (HOME,
USER, LOGNAME, CLAUDE_PLUGIN_ROOT, …) and their own defaults (~${USER:-$(whoami)}), the
output of commands that print the user's own identity (whoami, id -un, hostname), and the output of tools that print shell code for eval
(ssh-agent, brew shellenv, pyenv init, direnv, …) called with literal arguments, and a
function's positional parameter when every call of the function passes the script's own text
there (a mapfile stand-in given an array name), and the script's own parameters when only the
plugin's configuration runs it with literal arguments (an MCP server's "args": ["npm"], a hook
command) and no prompt runs it (facts.ArgsFromConfig); counts (jq … | length, wc -l on stdin), which
hold no shell syntax; text of the plugin's own shipped files, read
by a path under the script's directory or ${CLAUDE_PLUGIN_ROOT} (a while-read loop, cat, grep);
and an eval whose whole text is the output of a quoting step that prints only NAME=value
assignments: printf with only %q conversions, a python program printing only
NAME={shlex.quote(…)} lines (names from its own literal list), jq -r with @sh on values made
scalar (tostring), declare -p or typeset -p. A step that leaves one value unquoted, takes a
name from the data, puts the quoted value where it runs (eval %q) or applies @sh to what may
be an array (@sh quotes each element as its own word) is still reported. A variable declared
local in a function is read from that function's assignments. A bare name inside $((…)), an
index or a slice is read like $name: bash evaluates its value as an expression in turn, and
a value such as a[$(cmd)] runs cmd (a counter the script sets with (( i++ )) is its own, and
so is the clock, $(date +%s) with the script's own arguments; an associative array's key is
not arithmetic). A value checked to be a whole number before the eval runs holds no syntax,
wherever it came from: the right side of ` + "`[ \"$fd\" -gt 2 ] && …`" + ` (test fails on a non-integer) or
of an anchored ` + "`[[ $fd =~ ^[0-9]+$ ]]`" + `, or the then-branch of an if on one. Not such a check:
` + "`[[ $fd -gt 2 ]]`" + ` (it evaluates $fd as arithmetic, which can run a command), an unanchored
match, or a test that the value is set.`,
				Bad:         `eval "$(jq -r '.tool_input.command' <<<"$input")"`,
				Good:        `cmd=$(jq -r '.tool_input.command' <<<"$input")`,
				Consequence: "Text from outside runs as shell code: an injection path on the user's machine.",
				Checked:     "2.1.328"},
			Requires: []lint.Analyzer{facts.Hooks, facts.Shell, facts.MCPServers},
			Check: func(pass *lint.Pass) {
				for _, src := range shellSources(pass) {
					var taint *evalTaint
					eachCall(src.AST, func(c *syntax.CallExpr) {
						if callName(c) != "eval" {
							return
						}
						if taint == nil {
							taint = newEvalTaint(src.AST)
							if src.file {
								taint.argsOwn = func() bool { return facts.ArgsFromConfig(pass, pass.Plugin, pass.File) }
							}
						}
						for _, a := range c.Args[1:] {
							if expands(a) && !taint.own(a) && !(len(c.Args) == 2 && taint.quoted(a)) {
								pass.Reportf(src.At(c.Pos()), "parse the data instead of evaluating it", "eval executes expanded text as shell code")
								return
							}
						}
					})
				}
			},
		},
		{
			ID: "SE008", Alias: "rm-unguarded-variable", Family: famSecurity, Severity: lint.Warning, Scope: lint.Loaded, Kinds: shellKinds,
			Title: "rm -r of a path built from a variable that may be empty",
			Doc: lint.Doc{Why: `rm -rf "$DIR/" with DIR unset or empty deletes "/"; in a hook it runs on the user's
machine. Guard the variable with ${DIR:?} (the shell then refuses to run) or test it first.`,
				Bad:         `rm -rf "$CACHE_DIR/"*`,
				Good:        `rm -rf "${CACHE_DIR:?}/"*`,
				Checked:     "2.1.328",
				Consequence: "With the variable empty, rm -r deletes from the wrong place; a likely risk."},
			Requires: []lint.Analyzer{facts.Hooks, facts.Shell},
			Check: func(pass *lint.Pass) {
				for _, src := range shellSources(pass) {
					eachCall(src.AST, func(c *syntax.CallExpr) {
						if callName(c) != "rm" || !recursive(c) {
							return
						}
						for _, a := range c.Args[1:] {
							if pe := leadingParam(a); pe != nil && !guarded(pe) {
								pass.Reportf(src.At(c.Pos()), "write ${VAR:?} so an empty variable stops the command",
									"rm -r of a path starting with $%s, which may be empty", pe.Param.Value)
								return
							}
						}
					})
				}
			},
		},
		{
			ID: "SE009", Alias: "sudo", Family: famSecurity, Severity: lint.Warning, Scope: lint.Loaded, Kinds: shellKinds,
			Title: "script or hook that runs sudo",
			Doc: lint.Doc{Why: `A plugin's scripts run unattended inside a coding session; sudo either hangs on a
password prompt or, with cached credentials, gives the plugin root on the user's machine.`,
				Bad:         `sudo npm install -g tool`,
				Good:        `npm install --prefix "${CLAUDE_PLUGIN_DATA}" tool`,
				Checked:     "2.1.328",
				Consequence: "The plugin asks for root; a likely risk."},
			Requires: []lint.Analyzer{facts.Hooks, facts.Shell},
			Check: func(pass *lint.Pass) {
				for _, src := range shellSources(pass) {
					eachCall(src.AST, func(c *syntax.CallExpr) {
						if n := callName(c); n == "sudo" || n == "doas" {
							pass.Reportf(src.At(c.Pos()), "do the work without elevated privileges", "script runs %s", n)
						}
					})
				}
			},
		},
	}
}

// shellSource is shell code found in a plugin: a script file, or one hook
// command string inside a hooks file.
type shellSource struct {
	AST  *syntax.File
	At   func(syntax.Pos) snapshot.Loc
	file bool // the file is a script (not a hook command inside a JSON file)
}

var shellKinds = kinds(snapshot.KindOther, snapshot.KindSkillFile, snapshot.KindHooks, snapshot.KindManifest)

// shellSources parses the shell code of the pass's file.
func shellSources(pass *lint.Pass) []shellSource {
	f := pass.File
	if f.Kind == snapshot.KindHooks || f.Kind == snapshot.KindManifest {
		var out []shellSource
		for _, h := range facts.Hooks.Of(pass, f).ShellCommands() {
			if h.Cmd.AST != nil {
				loc := jsonLoc(f, h.Ptr+"/command")
				out = append(out, shellSource{h.Cmd.AST, func(syntax.Pos) snapshot.Loc { return loc }, false})
			}
		}
		return out
	}
	sh := facts.Shell.Of(pass, f)
	if sh == nil || sh.Err != nil {
		return nil
	}
	return []shellSource{{sh.AST, func(p syntax.Pos) snapshot.Loc { return f.LineCol(int(p.Line()), int(p.Col())) }, true}}
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

// substFetch reports whether a word holds a command or process
// substitution that runs curl or wget.
func substFetch(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			found = found || hasFetch(n)
		case *syntax.ProcSubst:
			found = found || hasFetch(n)
		}
		return !found
	})
	return found
}

func recursive(c *syntax.CallExpr) bool {
	for _, a := range c.Args[1:] {
		t := facts.WordText(a)
		if t == "--recursive" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.ContainsAny(t, "rR") {
			return true
		}
	}
	return false
}

// leadingParam returns the parameter expansion a word starts with.
func leadingParam(w *syntax.Word) *syntax.ParamExp {
	if len(w.Parts) == 0 {
		return nil
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) > 0 {
		p = dq.Parts[0]
	}
	pe, _ := p.(*syntax.ParamExp)
	if pe == nil || pe.Param == nil {
		return nil
	}
	return pe
}

// guarded reports ${VAR:?…} / ${VAR?…}, which abort when VAR is unset.
func guarded(pe *syntax.ParamExp) bool {
	return pe.Exp != nil && (pe.Exp.Op == syntax.ErrorUnsetOrNull || pe.Exp.Op == syntax.ErrorUnset)
}
