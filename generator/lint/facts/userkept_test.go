package facts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestLocalFileRepositoryIgnore: a plugin in a marketplace's subfolder is
// covered by the repository's root .gitignore, not only its own; a
// pattern that leaves out the plugin's own folder, or a word net, says
// nothing about which of its files the user makes.
func TestLocalFileRepositoryIgnore(t *testing.T) {
	root := t.TempDir()
	for rel, body := range map[string]string{
		".claude-plugin/marketplace.json":          `{"name":"m","owner":{"name":"o"},"plugins":[{"name":"office","source":"./office"}]}`,
		".gitignore":                               "# secrets\n.env\nlocal-notes/\n*token*\nbuild/\n",
		"office/.claude-plugin/plugin.json":        `{"name":"office"}`,
		"office/skills/draw/SKILL.md":              "---\nname: draw\ndescription: d\n---\nDraw.\n",
		"office/skills/draw/.gitignore":            "cache.json\n",
		"build/office2/.claude-plugin/plugin.json": `{"name":"office2"}`,
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	office, err := snapshot.Load(filepath.Join(root, "office"), "office", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{
		".env":                   true,  // the repository ignores it (and it is a dotenv file)
		"local-notes/today.md":   true,  // an ignored folder of the repository's
		"skills/draw/cache.json": true,  // the skill folder's own .gitignore
		"skills/draw/tokens.md":  false, // caught by the *token* net only: a document lost, not a user file
		"references/api.md":      false, // nothing leaves it out
	} {
		if got := LocalFile(office, rel); got != want {
			t.Errorf("LocalFile(office, %s) = %v, want %v", rel, got, want)
		}
	}
	built, err := snapshot.Load(filepath.Join(root, "build", "office2"), "office2", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if LocalFile(built, "notes/state.json") {
		t.Errorf("LocalFile(office2, notes/state.json): the repository's build/ pattern covers the plugin's own folder, and says nothing about its files")
	}
}

func TestLookedForAt(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Keys: `$PWD/.env`, then `${CLAUDE_PLUGIN_ROOT}/.env`.", true},
		{"Overrides in `${CLAUDE_PLUGIN_ROOT}/prefs.toml`, checked after `~/.config/x/prefs.toml`.", true},
		{"The profile `${CLAUDE_PLUGIN_ROOT}/team.yaml` is read if present.", true},
		{"Read `${CLAUDE_PLUGIN_ROOT}/docs/a.md` if it exists, otherwise `${CLAUDE_PLUGIN_ROOT}/docs/b.md`.", false},
		{"Compare `${CLAUDE_PLUGIN_ROOT}/a/defaults.json` with `${CLAUDE_PLUGIN_ROOT}/b/defaults.json`.", false},
		{"Run `${CLAUDE_PLUGIN_ROOT}/scripts/setup.sh` if present.", false}, // code is never the user's to keep
	} {
		p := plugin(map[string]string{"commands/c.md": "---\ndescription: d\n---\n" + c.line + "\n"})
		f := p.File("commands/c.md")
		off := at(t, f, "${CLAUDE_PLUGIN_ROOT}/", 0)
		end := off + len("${CLAUDE_PLUGIN_ROOT}/")
		for end < len(f.Data) && f.Data[end] != '`' {
			end++
		}
		rel := string(f.Data[off+len("${CLAUDE_PLUGIN_ROOT}/") : end])
		if got := LookedForAt(f, off, end, rel); got != c.want {
			t.Errorf("LookedForAt(%s) in %q = %v, want %v", rel, c.line, got, c.want)
		}
	}
}
