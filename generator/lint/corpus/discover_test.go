package corpus

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// write creates files under root from a map of slash path → content.
func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, s := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		// A marketplace at the root that is also a plugin, listing a
		// manifest-less local plugin, a remote one, a missing directory
		// and a path that leaves the checkout.
		"acme+tools/.claude-plugin/plugin.json": `{"name":"tools"}`,
		"acme+tools/.claude-plugin/marketplace.json": `{"name":"m","owner":{"name":"o"},"plugins":[
			{"name":"tools","source":"./"},
			{"name":"bare","source":"./plugins/bare"},
			{"name":"far","source":{"source":"github","repo":"x/y"}},
			{"name":"gone","source":"./plugins/gone"},
			{"name":"out","source":"../elsewhere"},
			{"name":"full","source":"./plugins/full"}]}`,
		"acme+tools/plugins/bare/commands/go.md":                 "# go\n",
		"acme+tools/plugins/full/.claude-plugin/plugin.json":     `{"name":"full"}`,
		"acme+tools/node_modules/dep/.claude-plugin/plugin.json": `{"name":"dep"}`,
		// pluginRoot resolves bare names.
		"solo/.claude-plugin/marketplace.json": `{"name":"s","owner":{"name":"o"},"metadata":{"pluginRoot":"./pl"},"plugins":[{"name":"a","source":"a"}]}`,
		"solo/pl/a/agents/x.md":                "---\nname: x\n---\n",
		// Not a checkout: a file and a hidden directory.
		"README.md":                         "",
		".cache/.claude-plugin/plugin.json": `{"name":"hidden"}`,
	})
	c, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"acme/tools", "solo"}; !reflect.DeepEqual(c.Repos, want) {
		t.Errorf("repos %v, want %v", c.Repos, want)
	}
	type got struct {
		Repo, Rel string
		Manifest  bool
		Market    string
		Entry     int
	}
	var ps []got
	for _, p := range c.Plugins {
		ps = append(ps, got{p.Repo, p.Rel, p.Manifest, p.Market, p.Entry})
		if p.Dir != filepath.Join(root, map[string]string{"acme/tools": "acme+tools", "solo": "solo"}[p.Repo], filepath.FromSlash(p.Rel)) {
			t.Errorf("%s %s: dir %s", p.Repo, p.Rel, p.Dir)
		}
	}
	want := []got{
		{"acme/tools", ".", true, ".", 0},
		{"acme/tools", "plugins/bare", false, ".", 1},
		{"acme/tools", "plugins/full", true, ".", 5},
		{"solo", "pl/a", false, ".", 0},
	}
	if !reflect.DeepEqual(ps, want) {
		t.Errorf("plugins\n got %+v\nwant %+v", ps, want)
	}
	var ms []string
	for _, m := range c.Marketplaces {
		ms = append(ms, Key(m.Repo, m.Rel))
	}
	if want := []string{"acme/tools", "solo"}; !reflect.DeepEqual(ms, want) {
		t.Errorf("marketplaces %v, want %v", ms, want)
	}
	// The root plugin leaves out the two plugins nested in it.
	if n := nested(c.Plugins[0], c.Plugins); len(n) != 2 {
		t.Errorf("nested in root: %v", n)
	}
	if n := nested(c.Plugins[1], c.Plugins); len(n) != 0 {
		t.Errorf("nested in bare: %v", n)
	}
}

func TestDiscoverMissingDir(t *testing.T) {
	if _, err := Discover(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Fatal("no error for a missing corpus directory")
	}
}
