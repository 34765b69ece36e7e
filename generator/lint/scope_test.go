package lint

import (
	"slices"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/provenance"
)

// TestScope: a per-file rule sees only the files in its Scope, and a
// per-plugin rule can ask Pass.InScope.
func TestScope(t *testing.T) {
	files := map[string][]byte{
		"commands/a.md": []byte("a\n"),
		"README.md":     []byte("r\n"),
		"docs/plan.md":  []byte("p\n"),
	}
	m, err := provenance.Encode(provenance.Manifest{Variant: "pl", Dialect: "agent-sendmessage", Files: []provenance.Entry{
		{Path: "docs/plan.md", SHA256: provenance.Hash(files["docs/plan.md"]), Mode: "0644",
			Sources: []provenance.Source{{Path: "src/plan.md", SHA256: provenance.Hash(nil)}}}}})
	if err != nil {
		t.Fatal(err)
	}
	files[".plugforge-manifest.json"] = m
	u := snapshot.FromMemory("pl", files)
	md := []snapshot.Kind{snapshot.KindCommand, snapshot.KindMarkdown}
	seen := func(s Scope) []string {
		var got []string
		r := Rule{ID: "TT010", Alias: "scoped", Family: famT, Severity: Info, Title: "t", Doc: tdoc, Kinds: md, Scope: s,
			Check: func(p *Pass) { p.Reportf(p.File.Whole(), "", "seen") }}
		e, err := New([]Rule{r}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range e.Run([]*snapshot.Plugin{u}) {
			got = append(got, f.Path)
		}
		slices.Sort(got)
		return got
	}
	for s, want := range map[Scope][]string{
		AnyFile:   {"pl/README.md", "pl/commands/a.md", "pl/docs/plan.md"},
		Loaded:    {"pl/commands/a.md"},
		Generated: {"pl/docs/plan.md"},
	} {
		if got := seen(s); !slices.Equal(got, want) {
			t.Errorf("scope %v: rule saw %q, want %q", s, got, want)
		}
	}
	p := &Pass{Rule: &Rule{Scope: Loaded}, Plugin: u}
	if !p.InScope(u.File("commands/a.md")) || p.InScope(u.File("README.md")) {
		t.Error("Pass.InScope does not follow the rule's scope")
	}
}
