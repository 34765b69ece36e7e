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

// TestFalsePositives keeps the catalogue of false-positive patterns found
// on the real corpus (docs/real-plugins.md) honest. Each directory under
// testdata/false-positives is a minimal plugin, written in our own words,
// on which the rule named in its .rule file once reported an error that
// Claude Code 2.1.330 gives no cause for:
//
//   - fixed/: the rule has been fixed; it must not report an error there
//     again (so each pattern stays fixed);
//   - open/: the rule still reports it (the pattern is listed as remaining
//     in docs/real-plugins.md); when a fix clears one, the test says so,
//     and the plugin moves to fixed/.
func TestFalsePositives(t *testing.T) {
	eng, err := session.Engine(session.Options{NoConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, state := range []string{"fixed", "open"} {
		dirs, err := filepath.Glob(filepath.Join("testdata", "false-positives", state, "*"))
		if err != nil || len(dirs) == 0 {
			t.Fatalf("no %s reproductions (%v)", state, err)
		}
		for _, dir := range dirs {
			t.Run(state+"/"+filepath.Base(dir), func(t *testing.T) {
				b, err := os.ReadFile(filepath.Join(dir, ".rule"))
				if err != nil {
					t.Fatal(err)
				}
				rule := strings.TrimSpace(string(b))
				units, err := snapshot.ResolveAll([]string{dir}, snapshot.Options{})
				if err != nil {
					t.Fatal(err)
				}
				fires := false
				for _, f := range eng.Run(units) {
					fires = fires || f.Rule == rule && f.Severity == lint.Error
				}
				switch {
				case state == "fixed" && fires:
					t.Errorf("%s reports an error on %q again: the false positive is back", rule, filepath.Base(dir))
				case state == "open" && !fires:
					t.Errorf("%s no longer reports an error on %q: the false positive is fixed; move it to testdata/false-positives/fixed/ and update docs/real-plugins.md", rule, filepath.Base(dir))
				}
			})
		}
	}
}
