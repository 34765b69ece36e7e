package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var systemPrefixes = []string{"/bin/", "/usr/", "/sbin/", "/etc/", "/opt/homebrew/", "/System/", "/Library/", "/nix/", "/dev/"}

// outsideRoot explains why a program word runs something outside the plugin.
func outsideRoot(w, raw string) string {
	switch {
	case strings.HasPrefix(w, facts.RootMark+"/"):
		if escapes(strings.TrimPrefix(w, facts.RootMark+"/")) {
			return "climbs out of ${CLAUDE_PLUGIN_ROOT} with .."
		}
	case strings.HasPrefix(w, "~/") || strings.HasPrefix(w, facts.DynMark+"/") && strings.Contains(raw, "HOME"):
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
		Requires: []lint.Analyzer{facts.Hooks, facts.MCPServers},
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, h := range facts.Hooks.Of(pass, f).Commands() {
				for _, w := range h.Cmd.Programs() {
					if why := outsideRoot(w, h.Cmd.Text); why != "" {
						pass.Reportf(jsonLoc(f, h.Ptr+"/command"), "ship the program in the plugin and run it from ${CLAUDE_PLUGIN_ROOT}",
							"hook under %s runs %s, which %s", h.Event, lint.Quote(strings.ReplaceAll(w, facts.DynMark, "$…")), why)
					}
				}
			}
			for _, s := range facts.MCPServers.Of(pass, f) {
				cmd, ok := facts.Str(s.Cfg["command"])
				if !ok {
					continue
				}
				for _, w := range s.Cmd().Programs() {
					if why := outsideRoot(strings.ReplaceAll(w, "${CLAUDE_PLUGIN_ROOT}", facts.RootMark), cmd); why != "" {
						pass.Reportf(jsonLoc(f, s.Ptr+"/command"), "ship the program in the plugin and run it from ${CLAUDE_PLUGIN_ROOT}",
							"MCP server %q runs %s, which %s", s.Name, lint.Quote(w), why)
					}
				}
			}
		},
	},
}
