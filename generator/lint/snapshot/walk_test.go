package snapshot

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWalkLinks: the snapshot lists what lies behind a symlink to a
// directory inside the plugin, or inside the marketplace that lists it,
// under the link's path; it leaves a loop and a link out of both unwalked.
func TestWalkLinks(t *testing.T) {
	repo := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(repo, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, rel string) {
		if err := os.Symlink(target, filepath.Join(repo, rel)); err != nil {
			t.Fatal(err)
		}
	}
	write("p/.claude-plugin/plugin.json", `{"name":"p"}`)
	write("p/shared/a/SKILL.md", "---\ndescription: a\n---\n")
	write("repo-skills/b/SKILL.md", "---\ndescription: b\n---\n")
	write("p/skills/.keep", "")
	link("../shared/a", "p/skills/a")
	link("../../repo-skills/b", "p/skills/b")
	link("..", "p/skills/loop")
	load := func(market string) *Plugin {
		p, err := Load(filepath.Join(repo, "p"), "p", Options{Market: market})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	skills := func(p *Plugin) []string {
		var out []string
		for _, c := range p.Components().Skills {
			out = append(out, c.Name)
		}
		slices.Sort(out)
		return out
	}
	alone := load("")
	if got := skills(alone); !slices.Equal(got, []string{"a"}) {
		t.Errorf("without a marketplace: skills %q, want [a] (b lies out of the plugin)", got)
	}
	if !alone.File("skills/a").Walked || alone.File("skills/b").Walked || !alone.BeyondLink("skills/b/SKILL.md") {
		t.Error("skills/a is walked, skills/b is not and what lies beyond it is unknown")
	}
	listed := load(repo)
	if got := skills(listed); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("listed by a marketplace at the repository: skills %q, want [a b]", got)
	}
	for _, f := range listed.Files {
		if strings.Contains(f.Path, "loop/") {
			t.Errorf("%s: a loop was walked", f.Path)
		}
	}
	var first, again []string
	for _, f := range listed.Files {
		first = append(first, f.Path)
	}
	for _, f := range load(repo).Files {
		again = append(again, f.Path)
	}
	if !slices.Equal(first, again) || !slices.IsSorted(first) {
		t.Error("two loads list different entries, or not in path order")
	}
}
