package cliview

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Listing is what the CLI registered from one plugin directory, read from
// its system/init message. Names are as the CLI prints them, plugin prefix
// included, sorted.
type Listing struct {
	Version string `json:"version"` // claude_code_version
	// Plugin is the name the plugin loaded under; "" when the CLI refused
	// it (Problems then says why).
	Plugin string `json:"plugin"`
	// SlashCommands are the "<plugin>:…" entries of slash_commands: the
	// commands and skills a user can type.
	SlashCommands []string `json:"slash_commands"`
	// Skills are the "<plugin>:…" entries of skills.
	Skills []string `json:"skills"`
	// Agents are the "<plugin>:…" entries of agents.
	Agents []string `json:"agents"`
	// MCPServers are the plugin's entries of mcp_servers with their status.
	MCPServers []MCPServer `json:"mcp_servers,omitempty"`
	// Problems are the errors and warnings of the CLI's debug log that
	// name the plugin directory, with the directory written "$PLUGIN" and
	// the time stamps dropped, each cut to 240 characters.
	Problems []string `json:"problems,omitempty"`
	// Hooks are the hooks that ran before the init message: SessionStart
	// hooks, when Runner.RunPluginCode lets them run.
	Hooks []HookRun `json:"hooks,omitempty"`
}

// MCPServer is one entry of the init message's mcp_servers.
type MCPServer struct {
	Name   string `json:"name"`
	Status string `json:"status"`
}

// Init is the system/init message: everything the CLI registered, for all
// plugins at once. Listing is one plugin's part of it; generator/harness
// reads the whole message (tools included) from the runs it makes.
type Init struct {
	Type          string      `json:"type"`
	Subtype       string      `json:"subtype"`
	Version       string      `json:"claude_code_version"`
	SlashCommands []string    `json:"slash_commands"`
	Skills        []string    `json:"skills"`
	Agents        []string    `json:"agents"`
	Tools         []string    `json:"tools"`
	MCPServers    []MCPServer `json:"mcp_servers"`
	Plugins       []struct {
		Name string `json:"name"`
		Path string `json:"path"`
	} `json:"plugins"`
}

// Loaded reports whether the plugin at dir (as given to --plugin-dir) is
// among the plugins the CLI loaded, and under which name.
func (m *Init) Loaded(dir string) (string, bool) {
	for _, p := range m.Plugins {
		if samePath(p.Path, dir) {
			return p.Name, true
		}
	}
	return "", false
}

// ParseInit reads the listing of the plugin at dir (an absolute path, as
// given to --plugin-dir) out of one system/init line.
func ParseInit(line []byte, dir string) (*Listing, error) {
	var m Init
	if err := json.Unmarshal(line, &m); err != nil {
		return nil, fmt.Errorf("first line of the CLI's output is not JSON: %w", err)
	}
	if m.Type != "system" || m.Subtype != "init" {
		return nil, fmt.Errorf("first message of the CLI is %s/%s, not system/init", m.Type, m.Subtype)
	}
	l := &Listing{Version: m.Version}
	l.Plugin, _ = m.Loaded(dir)
	if l.Plugin == "" {
		return l, nil
	}
	prefix := l.Plugin + ":"
	l.SlashCommands = withPrefix(m.SlashCommands, prefix)
	l.Skills = withPrefix(m.Skills, prefix)
	l.Agents = withPrefix(m.Agents, prefix)
	for _, s := range m.MCPServers {
		// Plugin servers are named "plugin:<plugin>:<server>".
		if strings.HasPrefix(s.Name, "plugin:"+prefix) {
			l.MCPServers = append(l.MCPServers, s)
		}
	}
	return l, nil
}

func withPrefix(names []string, prefix string) []string {
	out := []string{}
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

func samePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}
