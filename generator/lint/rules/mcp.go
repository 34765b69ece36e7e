package rules

import (
	"net/url"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// mcpRules check MCP server configurations.
func mcpRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "MC001", Alias: "mcp-url-invalid", Family: famMCP, Severity: lint.Error, Kinds: mcpKinds,
			Title: "remote MCP server whose url is not an absolute URL",
			Doc: lint.Doc{Why: `http, sse and ws servers connect to url; a relative or malformed URL makes the
server fail to start. "claude plugin validate" rejects it: "The plugin loader marks this server
as invalid config and it never connects." An empty url ("url": "") is not reported: 2.1.330's
validator skips it on purpose (url.trim() === "" is the placeholder a plugin directory entry
fills in, and it only warns when a "directory" key is set beside it).`,
				Bad:         `{"db": {"type": "http", "url": "mcp.example.com"}}`,
				Good:        `{"db": {"type": "http", "url": "https://mcp.example.com/mcp"}}`,
				Consequence: "The server is refused at load: its tools never appear.",
				Checked:     "2.1.330"},
			Requires: []lint.Analyzer{facts.MCPServers},
			Check: func(pass *lint.Pass) {
				for _, s := range facts.MCPServers.Of(pass, pass.File) {
					u, ok := facts.Str(s.Cfg["url"])
					if !s.Remote() || !ok || strings.Contains(u, "${") || strings.TrimSpace(u) == "" {
						continue
					}
					if p, err := url.Parse(u); err != nil || p.Host == "" || !oneOf(p.Scheme, "http", "https", "ws", "wss") {
						pass.Reportf(jsonLoc(pass.File, s.Ptr+"/url"), "write an absolute https:// (or wss://) URL",
							"url %q of MCP server %q is not an absolute URL", u, s.Name)
					}
				}
			},
		},
		{
			ID: "MC002", Alias: "mcp-servers-array", Family: famMCP, Severity: lint.Warning, Kinds: kinds(snapshot.KindMCP),
			Title: ".mcp.json whose mcpServers is an array",
			Doc: lint.Doc{Why: `mcpServers maps server names to configs. As an array the loader keys servers by
index ("0", "1"), so tools are named mcp__0__… and permission rules never match.`,
				Bad:         `{"mcpServers": [{"command": "db-server"}]}`,
				Good:        `{"mcpServers": {"db": {"command": "db-server"}}}`,
				Checked:     "2.1.328",
				Consequence: "The loader keys servers by array index; the validator warns and the plugin directory refuses it. A likely mistake."},
			Check: func(pass *lint.Pass) {
				if _, ok := facts.Obj(pass.File.JSON().Value)["mcpServers"].([]any); ok {
					pass.Reportf(jsonLoc(pass.File, "/mcpServers"), "make mcpServers an object keyed by server name",
						"mcpServers is an array; servers get numbers instead of names")
				}
			},
		},
		{
			ID: "MC003", Alias: "mcp-command-missing", Family: famMCP, Severity: lint.Error, Kinds: mcpKinds,
			Title: "stdio MCP server that runs a plugin file that does not exist",
			Doc: lint.Doc{Why: `A server started as "${CLAUDE_PLUGIN_ROOT}/bin/server" (or with such a path in
args) fails to start when the file is not shipped.`,
				Bad:         `{"db": {"command": "${CLAUDE_PLUGIN_ROOT}/bin/db-srv"}}   # bin/db-server shipped`,
				Good:        `{"db": {"command": "${CLAUDE_PLUGIN_ROOT}/bin/db-server"}}`,
				Checked:     "2.1.328",
				Consequence: "The server fails to start: the program is not shipped."},
			Requires: []lint.Analyzer{facts.MCPServers},
			Check: func(pass *lint.Pass) {
				for _, s := range facts.MCPServers.Of(pass, pass.File) {
					for _, r := range s.Cmd().Scripts() {
						if !escapes(r.Rel) && pass.Plugin.File(r.Rel) == nil {
							pass.Reportf(jsonLoc(pass.File, s.Ptr+"/command"), "fix the path or ship the file",
								"MCP server %q runs %q, which the plugin does not ship", s.Name, r.Rel)
						}
					}
				}
			},
		},
		{
			ID: "MC004", Alias: "mcp-relative-command", Family: famMCP, Severity: lint.Warning, Kinds: mcpKinds,
			Title: "stdio MCP server started by a relative path",
			Doc: lint.Doc{Why: `Plugin MCP servers do not start in the plugin directory; "./server.js" or
"bin/server" resolve against the user's working directory. Use "${CLAUDE_PLUGIN_ROOT}/…".`,
				Bad:         `{"db": {"command": "node", "args": ["./server.js"]}}`,
				Good:        `{"db": {"command": "node", "args": ["${CLAUDE_PLUGIN_ROOT}/server.js"]}}`,
				Checked:     "2.1.328",
				Consequence: "The server is started relative to the user's project, not the plugin; it likely fails."},
			Requires: []lint.Analyzer{facts.MCPServers},
			Check: func(pass *lint.Pass) {
				for _, s := range facts.MCPServers.Of(pass, pass.File) {
					cmd, _ := facts.Str(s.Cfg["command"])
					words := []string{cmd}
					if a := facts.Arr(s.Cfg["args"]); len(a) > 0 && facts.Interpreters[path.Base(cmd)] {
						if x, ok := facts.Str(a[0]); ok {
							words = append(words, x)
						}
					}
					for _, w := range words {
						if _, hasCwd := s.Cfg["cwd"]; !hasCwd && facts.IsRelativeScript(w) {
							pass.Reportf(jsonLoc(pass.File, s.Ptr), `prefix the path with "${CLAUDE_PLUGIN_ROOT}/"`,
								"MCP server %q runs %q relative to the user's directory", s.Name, w)
						}
					}
				}
			},
		},
	}
}

var mcpKinds = kinds(snapshot.KindMCP, snapshot.KindManifest)

func oneOf(s string, set ...string) bool { return contains(set, s) }
