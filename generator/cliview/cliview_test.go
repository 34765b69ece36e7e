package cliview

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// initLine is a system/init message cut down to the fields ParseInit
// reads, in the shape 2.1.330 prints: the plugin's entries mixed with
// built-in ones and another plugin's.
const initLine = `{"type":"system","subtype":"init","claude_code_version":"2.1.330",
"slash_commands":["loop","demo:git:commit","demo:forms","other:x","clear"],
"skills":["loop","demo:forms"],
"agents":["general-purpose","demo:checker","Plan"],
"mcp_servers":[{"name":"plugin:demo:db","status":"failed"},{"name":"plugin:other:db","status":"connected"}],
"plugins":[{"name":"demo","path":"/plugins/demo"},{"name":"other","path":"/plugins/other"},{"name":"cc-x","path":"builtin"}]}`

func TestParseInit(t *testing.T) {
	l, err := ParseInit([]byte(strings.ReplaceAll(initLine, "\n", "")), "/plugins/demo")
	if err != nil {
		t.Fatal(err)
	}
	want := Listing{Version: "2.1.330", Plugin: "demo", SlashCommands: []string{"demo:forms", "demo:git:commit"},
		Skills: []string{"demo:forms"}, Agents: []string{"demo:checker"}, MCPServers: []MCPServer{{"plugin:demo:db", "failed"}}}
	if d := Diff(&want, l); len(d) > 0 || l.Version != want.Version {
		t.Errorf("got %+v: %v", l, d)
	}
	refused, err := ParseInit([]byte(strings.ReplaceAll(initLine, "\n", "")), "/plugins/missing")
	if err != nil || refused.Plugin != "" || len(refused.SlashCommands) != 0 {
		t.Errorf("a plugin the init message does not list: got %+v, %v", refused, err)
	}
	if _, err := ParseInit([]byte(`{"type":"assistant"}`), "/p"); err == nil || !strings.Contains(err.Error(), "not system/init") {
		t.Errorf("an assistant message first: got %v", err)
	}
	if _, err := ParseInit([]byte(`Error: no`), "/p"); err == nil || !strings.Contains(err.Error(), "not JSON") {
		t.Errorf("text first: got %v", err)
	}
}

func TestDiffNames(t *testing.T) {
	got := DiffNames("agent", []string{"p:a", "p:b"}, []string{"p:b", "p:c"})
	if !slices.Equal(got, []string{`agent "p:a" missing`, `agent "p:c" unexpected`}) {
		t.Errorf("got %q", got)
	}
}

// fakeCLI writes a shell script standing in for the CLI.
func fakeCLI(t *testing.T, body string) string {
	p := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestListErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, script, want string
		timeout            time.Duration
	}{
		{"silent and stuck", "sleep 30", "no init message within 300ms", 300 * time.Millisecond},
		{"exits without output", "echo 'Invalid API key' >&2; exit 1", "printed no init message; stderr: Invalid API key", 0},
		{"prints text", "echo 'Welcome'", "not JSON", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := Runner{Bin: fakeCLI(t, c.script), Timeout: c.timeout}.List(context.Background(), dir)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), dir) {
				t.Errorf("got %v, want an error naming %s and saying %q", err, dir, c.want)
			}
			if time.Since(start) > 10*time.Second {
				t.Errorf("took %s: the run was not stopped", time.Since(start))
			}
		})
	}
}

// TestListLive runs the installed CLI on a two-file plugin.
func TestListLive(t *testing.T) {
	bin, err := Find(filepath.Join("..", ".."))
	if err != nil {
		t.Skipf("skipped: %v", err)
	}
	dir := t.TempDir()
	for rel, body := range map[string]string{
		".claude-plugin/plugin.json": `{"name":"live"}`,
		"commands/git/commit.md":     "---\ndescription: Commits\n---\nCommit.\n",
		"agents/check.md":            "---\nname: checker\ndescription: Checks\n---\nCheck.\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := Runner{Bin: bin}.List(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := &Listing{Plugin: "live", SlashCommands: []string{"live:git:commit"}, Skills: []string{}, Agents: []string{"live:checker"}}
	if d := Diff(want, l); len(d) > 0 || l.Version == "" {
		t.Errorf("Claude Code %q: %v", l.Version, d)
	}
}

// TestListSkipsHookMessages: SessionStart hooks report before the init
// message; List reads past them.
func TestListSkipsHookMessages(t *testing.T) {
	dir := t.TempDir()
	script := `echo '{"type":"system","subtype":"hook_started","hook_event":"SessionStart"}'
echo '{"type":"system","subtype":"hook_response","hook_event":"SessionStart"}'
echo '{"type":"system","subtype":"init","claude_code_version":"9.9.9","slash_commands":["x:go"],"skills":[],"agents":[],"plugins":[{"name":"x","path":"` + dir + `"}]}'
sleep 30`
	l, err := Runner{Bin: fakeCLI(t, script)}.List(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Version != "9.9.9" || l.Plugin != "x" || !slices.Equal(l.SlashCommands, []string{"x:go"}) {
		t.Errorf("got %+v", l)
	}
}

// TestMarketplace drives a stand-in CLI that takes the marketplace and
// refuses one of its two entries.
func TestMarketplace(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude-plugin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude-plugin", "marketplace.json"),
		[]byte(`{"name":"mk","plugins":[{"name":"good"},{"name":"bad"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `case "$1 $2 $3" in
"--version  ") echo "9.9.9 (Claude Code)";;
"plugin marketplace add") echo "Adding marketplace…✔ Successfully added marketplace: mk from $4";;
"plugin install good@mk") echo "✔ Successfully installed plugin: good@mk";;
*) echo "✘ Failed to install plugin \"$3\": Source path does not exist"; exit 1;;
esac`
	m, err := Runner{Bin: fakeCLI(t, script)}.Marketplace(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := &MarketplaceRun{Version: "9.9.9", Added: true, Output: "✔ Successfully added marketplace: mk from $MARKETPLACE",
		Installs: []Install{{Plugin: "good", Installed: true, Output: "✔ Successfully installed plugin: good@mk"},
			{Plugin: "bad", Output: `✘ Failed to install plugin "bad@mk": Source path does not exist`}}}
	if d := DiffMarketplace(want, m); len(d) > 0 || m.Version != want.Version {
		t.Errorf("got %+v: %v", m, d)
	}
}
