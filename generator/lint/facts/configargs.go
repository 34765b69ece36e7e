package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// ArgsFromConfig reports whether every argument the script f is ever
// given is written in the plugin's own configuration: f is started by at
// least one MCP server (.mcp.json, plugin.json's mcpServers) or hook
// command, each of those names it by ${CLAUDE_PLUGIN_ROOT} with literal
// arguments only ("args": ["npm"]), and no other text of the plugin runs
// it (HowRun's run positions, in every other readable file). Then the
// script's positional parameters are the plugin's own text, as much as a
// literal in the script is; a script the model runs from a prompt takes
// whatever the model passes, and is not judged here.
func ArgsFromConfig(r lint.Reader, p *snapshot.Plugin, f *snapshot.File) bool {
	callers := 0
	for _, g := range p.Files {
		if g == f || !g.Readable() {
			continue
		}
		switch g.Kind {
		case snapshot.KindMCP, snapshot.KindManifest, snapshot.KindHooks:
			n, ok := configCalls(r, g, f.Path)
			if !ok {
				return false
			}
			callers += n
			continue
		}
		if runsIn(g.Data, f) != (ScriptRuns{}) {
			return false
		}
	}
	return callers > 0
}

// configCalls counts the MCP servers and hook commands of a config file
// that run the script at rel, and reports false when one of them passes
// it an argument that is not a literal, or runs it in a way not read here.
func configCalls(r lint.Reader, g *snapshot.File, rel string) (int, bool) {
	var cmds []Command
	for _, s := range MCPServers.Of(r, g) {
		cmds = append(cmds, s.Cmd())
	}
	for _, h := range Hooks.Of(r, g).Commands() {
		cmds = append(cmds, h.Cmd)
	}
	n := 0
	for _, c := range cmds {
		var words []string
		if c.Exec {
			words = append([]string{c.Text}, c.Args...)
		} else if c.AST != nil {
			calls := Calls(c.AST)
			if len(calls) != 1 {
				if mentions(c.Text, rel) {
					return 0, false // inside a longer command: not read here
				}
				continue
			}
			words = calls[0]
		}
		if len(words) == 0 {
			continue
		}
		if r, ok := RootPath(words[0]); !ok || r != rel {
			if mentions(c.Text, rel) || mentions(strings.Join(c.Args, " "), rel) {
				return 0, false // through an interpreter or another program
			}
			continue
		}
		for _, a := range words[1:] {
			if strings.ContainsAny(a, "$`"+DynMark) {
				return 0, false
			}
		}
		n++
	}
	return n, true
}

func mentions(text, rel string) bool {
	return strings.Contains(text, rel[strings.LastIndexByte(rel, '/')+1:])
}
