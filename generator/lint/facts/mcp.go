package facts

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// MCPServer is one server config of .mcp.json or plugin.json's mcpServers.
type MCPServer struct {
	Name, Ptr string
	Cfg       map[string]any
}

// Cmd is what a stdio server runs: its command and args (the exec form).
func (s MCPServer) Cmd() Command {
	cmd, _ := Str(s.Cfg["command"])
	var args []string
	for _, a := range Arr(s.Cfg["args"]) {
		x, _ := Str(a)
		args = append(args, x)
	}
	return Command{Text: cmd, Args: args, Exec: true}
}

func (s MCPServer) Remote() bool {
	t, _ := Str(s.Cfg["type"])
	return t == "http" || t == "sse" || t == "ws"
}

// MCPServers lists the server configs an .mcp.json or plugin.json declares.
var MCPServers = lint.NewFileAnalysis("mcp-servers", "the MCP server configs a .mcp.json or plugin.json declares, in name order",
	nil, mcpServers)

func mcpServers(_ *lint.Input, f *snapshot.File) []MCPServer {
	root := Obj(f.JSON().Value)
	var maps []struct {
		ptr string
		m   map[string]any
	}
	add := func(ptr string, v any) {
		if m := Obj(v); m != nil {
			maps = append(maps, struct {
				ptr string
				m   map[string]any
			}{ptr, m})
		}
	}
	switch f.Kind {
	case snapshot.KindMCP:
		if v, ok := root["mcpServers"]; ok {
			add("/mcpServers", v)
		} else {
			add("", root)
		}
	case snapshot.KindManifest:
		switch v := root["mcpServers"].(type) {
		case map[string]any:
			add("/mcpServers", v)
		case []any:
			for i, e := range v {
				add(fmt.Sprintf("/mcpServers/%d", i), e)
			}
		}
	}
	var out []MCPServer
	for _, m := range maps {
		for _, name := range SortedKeys(m.m) {
			if cfg := Obj(m.m[name]); cfg != nil {
				out = append(out, MCPServer{name, snapshot.Pointer(m.ptr, name), cfg})
			}
		}
	}
	return out
}
