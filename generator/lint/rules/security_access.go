package rules

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// securityAccessRules check what a plugin lets others change or reach: file
// modes, programs outside the plugin, plain-text endpoints.
func securityAccessRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "SE004", Alias: "unsafe-file-mode", Family: famSecurity, Severity: lint.Error,
			Title: "world-writable, setuid or setgid file",
			Doc: lint.Doc{Why: `A world-writable script or directory lets any local user change what the plugin
runs; setuid/setgid bits have no business in a plugin.`,
				Bad:         "-rwxrwxrwx hooks/check.sh",
				Good:        "-rwxr-xr-x hooks/check.sh",
				Checked:     "2.1.328",
				Consequence: "Other users can change what runs, or it runs with raised rights."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					if f.IsSymlink() {
						continue
					}
					var why string
					switch {
					case f.Mode&0o002 != 0:
						why = "world-writable"
					case f.Mode&(1<<23) != 0 || f.Mode&(1<<22) != 0: // fs.ModeSetuid, fs.ModeSetgid
						why = "setuid or setgid"
					}
					if why != "" {
						pass.Reportf(f.Whole(), "chmod it to 0755 (directories, scripts) or 0644", "%q is %s (mode %v)", f.Path, why, f.Mode)
					}
				}
			},
		},
		{
			ID: "SE005", Alias: "script-outside-root", Family: famSecurity, Severity: lint.Error, Kinds: kinds(snapshot.KindHooks, snapshot.KindManifest, snapshot.KindMCP),
			Title: "hook or MCP server that runs a program from outside the plugin",
			Doc: lint.Doc{Why: `What a hook or server runs should ship with the plugin, where it is reviewed and
versioned. A path into the author's home directory, "${CLAUDE_PLUGIN_ROOT}/../", or another
absolute path runs whatever happens to be there on each user's machine — or fails.`,
				Bad:         `"command": "bash ~/.claude/hooks/guard.sh"`,
				Good:        `"command": "bash \"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh\""`,
				Checked:     "2.1.328",
				Consequence: "The plugin runs a program it does not ship, whatever is there on the user's machine."},
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
		{
			ID: "SE007", Alias: "insecure-transport", Family: famSecurity, Severity: lint.Warning, Kinds: kinds(snapshot.KindMCP, snapshot.KindManifest, snapshot.KindHooks),
			Title: "MCP server or HTTP hook reached over plain http:// or ws://",
			Doc: lint.Doc{Why: `Requests to a remote MCP server or an HTTP hook carry the session's data (tool
input, prompts, tokens in headers). Over http:// or ws:// to anything but localhost they
travel in clear text. "claude plugin validate" warns for MCP URLs.`,
				Bad:         `{"type": "http", "url": "http://mcp.example.com/mcp"}`,
				Good:        `{"type": "http", "url": "https://mcp.example.com/mcp"}`,
				Checked:     "2.1.328",
				Consequence: "Traffic can be read or changed on the way; a likely risk."},
			Requires: []lint.Analyzer{facts.Hooks, facts.MCPServers},
			Check: func(pass *lint.Pass) {
				f := pass.File
				check := func(ptr, what, u string) {
					p, err := url.Parse(u)
					if err != nil || (p.Scheme != "http" && p.Scheme != "ws") || loopback(p.Hostname()) {
						return
					}
					pass.Reportf(jsonLoc(f, ptr), "use https:// (or wss://)", "%s uses %s:// to %q", what, p.Scheme, p.Hostname())
				}
				for _, s := range facts.MCPServers.Of(pass, f) {
					if u, ok := facts.Str(s.Cfg["url"]); ok && s.Remote() {
						check(s.Ptr+"/url", fmt.Sprintf("MCP server %q", s.Name), u)
					}
				}
				for _, h := range facts.Hooks.Of(pass, f).Handlers {
					if u, ok := facts.Str(h.H["url"]); ok && h.Type == "http" {
						check(h.Ptr+"/url", "HTTP hook under "+h.Event, u)
					}
				}
			},
		},
	}
}

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

func loopback(host string) bool {
	return host == "localhost" || host == "::1" || strings.HasPrefix(host, "127.") || host == "0.0.0.0"
}
