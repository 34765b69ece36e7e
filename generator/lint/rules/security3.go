package rules

import (
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var systemPrefixes = []string{"/bin/", "/usr/", "/sbin/", "/etc/", "/opt/homebrew/", "/System/", "/Library/", "/nix/", "/dev/"}

// programWords returns what a command runs: the program and, for an
// interpreter, its script argument.
func programWords(command string, args []string, exec bool) []string {
	if exec {
		out := []string{strings.ReplaceAll(command, "${CLAUDE_PLUGIN_ROOT}", rootMark)}
		if interpreters[path.Base(command)] && len(args) > 0 {
			out = append(out, args[0])
		}
		return out
	}
	sf, err := parseShell(command, "")
	if err != nil {
		return nil
	}
	var out []string
	for _, ws := range calls(sf) {
		out = append(out, ws[0])
		if interpreters[path.Base(ws[0])] && len(ws) > 1 {
			out = append(out, ws[1])
		}
	}
	return out
}

// outsideRoot explains why a program word runs something outside the plugin.
func outsideRoot(w, raw string) string {
	switch {
	case strings.HasPrefix(w, rootMark+"/"):
		if escapes(strings.TrimPrefix(w, rootMark+"/")) {
			return "climbs out of ${CLAUDE_PLUGIN_ROOT} with .."
		}
	case strings.HasPrefix(w, "~/") || strings.HasPrefix(w, dynMark+"/") && strings.Contains(raw, "HOME"):
		return "lives in the user's home directory"
	case strings.HasPrefix(w, "/"):
		for _, p := range systemPrefixes {
			if strings.HasPrefix(w, p) {
				return ""
			}
		}
		return "is an absolute path outside the plugin"
	}
	return ""
}

var securityRules3 = []lint.Rule{
	{
		ID: "SE005", Alias: "script-outside-root", Family: famSecurity, Severity: lint.Error, Kinds: kinds(snapshot.KindHooks, snapshot.KindManifest, snapshot.KindMCP),
		Title: "hook or MCP server that runs a program from outside the plugin",
		Doc: doc(`What a hook or server runs should ship with the plugin, where it is reviewed and
versioned. A path into the author's home directory, "${CLAUDE_PLUGIN_ROOT}/../", or another
absolute path runs whatever happens to be there on each user's machine — or fails.`,
			`"command": "bash ~/.claude/hooks/guard.sh"`, `"command": "bash \"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh\""`),
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, h := range commandHandlers(f) {
				for _, w := range programWords(h.Command, h.Args, h.Exec) {
					if why := outsideRoot(w, h.Command); why != "" {
						pass.Reportf(jsonLoc(f, h.Ptr+"/command"), "ship the program in the plugin and run it from ${CLAUDE_PLUGIN_ROOT}",
							"hook under %s runs %s, which %s", h.Event, lint.Quote(strings.ReplaceAll(w, dynMark, "$…")), why)
					}
				}
			}
			for _, s := range mcpServers(f) {
				cmd, ok := str(s.Cfg["command"])
				if !ok {
					continue
				}
				var args []string
				for _, a := range arr(s.Cfg["args"]) {
					x, _ := str(a)
					args = append(args, x)
				}
				for _, w := range programWords(cmd, args, true) {
					if why := outsideRoot(strings.ReplaceAll(w, "${CLAUDE_PLUGIN_ROOT}", rootMark), cmd); why != "" {
						pass.Reportf(jsonLoc(f, s.Ptr+"/command"), "ship the program in the plugin and run it from ${CLAUDE_PLUGIN_ROOT}",
							"MCP server %q runs %s, which %s", s.Name, lint.Quote(w), why)
					}
				}
			}
		},
	},
}
