package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/session"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestFalsePositivesReproduce keeps the catalogue of false-positive
// patterns found on the real corpus (docs/real-plugins.md) honest: each
// directory under testdata/false-positives is a minimal plugin, written in
// our own words, on which the rule named in its .fires file reports an
// error that Claude Code 2.1.330 gives no cause for. Each must still
// reproduce. When a rule fix makes one stop firing, the test says so: move
// that plugin into the rule's non-firing fixture
// (generator/lint/rules/testdata/<RULE>/ok/) so it stays fixed, and delete
// it here.
func TestFalsePositivesReproduce(t *testing.T) {
	eng, err := session.Engine(session.Options{NoConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := filepath.Glob(filepath.Join("testdata", "false-positives", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no reproductions (%v)", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(dir, ".fires"))
			if err != nil {
				t.Fatal(err)
			}
			rule := strings.TrimSpace(string(b))
			units, err := snapshot.ResolveAll([]string{dir}, snapshot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range eng.Run(units) {
				if f.Rule == rule && f.Severity == lint.Error {
					return
				}
			}
			t.Errorf("%s no longer reports an error here: the false positive %q is fixed. Move this plugin to generator/lint/rules/testdata/%s/ok/ as a non-firing fixture and delete it from %s", rule, filepath.Base(dir), rule, dir)
		})
	}
}
