package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// A plugin directory linted on its own is Listed when the marketplace above
// it names it, and only then.
func TestResolveListedAbove(t *testing.T) {
	root := t.TempDir()
	write := func(rel, data string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".claude-plugin/marketplace.json", `{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "notes", "source": "./plugins/notes"}]}`)
	write("plugins/notes/commands/jot.md", "Write the note down.\n")
	write("plugins/stray/commands/jot.md", "Write the note down.\n")
	for dir, want := range map[string]bool{"plugins/notes": true, "plugins/stray": false} {
		ps, err := Resolve(filepath.Join(root, dir), dir, Options{})
		if err != nil || len(ps) != 1 {
			t.Fatalf("Resolve(%s) = %v, %v", dir, ps, err)
		}
		if ps[0].Listed != want {
			t.Errorf("Resolve(%s).Listed = %v, want %v", dir, ps[0].Listed, want)
		}
	}
}
