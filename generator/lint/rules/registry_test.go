package rules

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md from the registry")

func TestRegistry(t *testing.T) {
	all := All()
	if err := lint.Validate(all); err != nil {
		t.Fatal(err)
	}
	fams := map[string]lint.Family{}
	for _, f := range Families() {
		fams[f.Name] = f
	}
	for _, r := range all {
		if why, ok := Retired[r.ID]; ok {
			t.Errorf("%s is retired (%s); give the rule a new ID", r.ID, why)
		}
		if strings.Contains(r.Title, "TODO") {
			t.Errorf("%s: title still says TODO", r.ID)
		}
		if fams[r.Family.Name] != r.Family {
			t.Errorf("%s: family %q is not in Families()", r.ID, r.Family.Name)
		}
		for field, text := range map[string]string{"Why": r.Doc.Why, "Bad": r.Doc.Bad, "Good": r.Doc.Good, "Checked": r.Doc.Checked} {
			if strings.Contains(text, "TODO") {
				t.Errorf("%s: Doc.%s still says TODO", r.ID, field)
			}
		}
		if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(r.Doc.Checked) {
			t.Errorf("%s: Doc.Checked %q is not a Claude Code release", r.ID, r.Doc.Checked)
		}
		if r.Title != strings.TrimSuffix(r.Title, ".") {
			t.Errorf("%s: title ends with a period", r.ID)
		}
	}
	if n := len(all); n < 80 {
		t.Errorf("%d rules; the first landing promised at least 80", n)
	}
}

// TestRulesDoc keeps docs/rules.md in step with the registry.
func TestRulesDoc(t *testing.T) {
	path := filepath.Join("..", "..", "..", "docs", "rules.md")
	want := Reference()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != want {
		t.Fatalf("docs/rules.md is out of date: run go test ./generator/lint/rules -run TestRulesDoc -update")
	}
}
