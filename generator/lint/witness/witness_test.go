package witness_test

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/harness"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/rules"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/lint/witness"
)

var update = flag.Bool("update", false, "record what the CLI prints now")

// TestRuleFiresOnItsWitness: each fixture has the defect its rule reports,
// so the run shows the consequence of exactly that finding.
func TestRuleFiresOnItsWitness(t *testing.T) {
	ws, err := witness.All()
	require.NoError(t, err)
	require.NotEmpty(t, ws)
	for _, w := range ws {
		t.Run(w.Name, func(t *testing.T) {
			var r *lint.Rule
			for _, x := range rules.All() {
				if x.ID == w.Rule {
					r = &x
				}
			}
			require.NotNil(t, r, "no rule %s", w.Rule)
			if r.Doc.Witness.Demoted == "" {
				assert.Equal(t, lint.Error, r.Severity, "only error rules need a witness, and demoted ones")
			}
			if w.Unreadable != "" && os.Geteuid() == 0 {
				t.Skip("skipped as root: root reads a file of mode 000, so the rule cannot fire")
			}
			fs := lintFixture(t, withModes(t, w))
			var got []string
			for _, f := range fs {
				if f.Rule == w.Rule {
					got = append(got, f.Message)
				}
			}
			assert.NotEmpty(t, got, "%s does not fire on its witness; findings: %v", w.Rule, fs)
		})
	}
}

// TestTableNamesEveryRun: the rules' witness table and the directories
// here agree, with the release of each recording.
func TestTableNamesEveryRun(t *testing.T) {
	ws, err := witness.All()
	require.NoError(t, err)
	dirs := map[string]witness.Witness{}
	for _, w := range ws {
		dirs[w.Name] = w
	}
	named := 0
	for _, r := range rules.All() {
		for _, rw := range append([]lint.Witness{r.Doc.Witness}, r.Doc.Witness.Also...) {
			if rw.Run == "" {
				continue
			}
			named++
			w, ok := dirs[rw.Run]
			if assert.True(t, ok, "%s names the witness %s, which has no directory", r.ID, rw.Run) {
				assert.Equal(t, r.ID, w.Rule, "%s's witness %s is another rule's", r.ID, rw.Run)
				assert.Equal(t, w.Version, rw.Checked, "%s: the table's release and the recording's of %s differ", r.ID, rw.Run)
			}
		}
	}
	assert.Equal(t, len(ws), named, "every witness directory is named by its rule")
}

// TestWitnessRuns runs each witness in the CLI: the evidence must appear,
// and, on the recorded release, as recorded.
func TestWitnessRuns(t *testing.T) {
	bin, err := harness.FindCLI("", filepath.Join("..", "..", ".."))
	if err != nil {
		t.Skipf("Claude Code is not installed (%v): run `make tools`", err)
	}
	if testing.Short() {
		t.Skip("skipped with -short: it runs Claude Code once per witness")
	}
	ws, err := witness.All()
	require.NoError(t, err)
	for _, w := range ws {
		t.Run(w.Name, func(t *testing.T) {
			t.Parallel()
			sc := &harness.Scenario{Name: w.Name, Prompt: "hello", Unscripted: "end"} // load only
			if _, err := os.Stat(filepath.Join(w.Dir(), "scenario.yaml")); err == nil {
				sc, err = harness.LoadScenario(filepath.Join(w.Dir(), "scenario.yaml"))
				require.NoError(t, err)
			}
			debug := filepath.Join(t.TempDir(), "debug.log")
			if w.Log {
				sc.Args = append(sc.Args, "--debug-file", debug)
			}
			dir, user := prepare(t, w, bin)
			res, err := harness.Run(context.Background(), sc, dir, harness.Print, harness.Options{Claude: bin, User: user})
			require.NoError(t, err)
			for _, f := range res.Failures {
				if f.Step != "listed" { // a plugin the loader refuses is what some witnesses show
					t.Errorf("%s: %s\n%s", f.Step, f.Message, f.Detail)
				}
			}
			lines := witness.Evidence(res)
			if w.Validate {
				cmd := exec.Command(bin, "plugin", "validate", "--strict", "--json", w.Plugin())
				cmd.Env = append(os.Environ(), "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1")
				out, _ := cmd.Output() // exits 1 on errors, which is the point
				lines = append(lines, witness.Validation(out)...)
			}
			if w.Log {
				log, err := os.ReadFile(debug)
				require.NoError(t, err, "the CLI wrote no debug log")
				lines = append(lines, witness.LogErrors(log, res.PluginDir)...)
			}
			if w.Absent != "" {
				l, found := witness.Find(lines, w.Absent)
				assert.False(t, found, "the run printed %q, which the witness says never happens: %s", w.Absent, l)
			}
			line, ok := witness.Find(lines, w.Evidence)
			require.True(t, ok, "the run did not print %q; it printed:\n%s", w.Evidence, strings.Join(lines, "\n"))
			if *update {
				rec := "Claude Code " + res.Version + "\n" + line + "\n"
				require.NoError(t, os.WriteFile(filepath.Join(w.Dir(), "recorded.txt"), []byte(rec), 0o644))
				return
			}
			if w.Version == res.Version {
				assert.Equal(t, w.Recorded, line, "Claude Code %s prints this differently from the recording: run with -update if the change is expected", res.Version)
			} else if w.Version == "" {
				t.Errorf("%s has no recording: run go test ./generator/lint/witness -update", w.Name)
			}
		})
	}
}

func lintFixture(t *testing.T, dir string) []lint.Finding {
	t.Helper()
	p, err := snapshot.Load(dir, dir, snapshot.Options{})
	require.NoError(t, err)
	eng, err := lint.New(rules.All(), nil)
	require.NoError(t, err)
	return eng.Run([]*snapshot.Plugin{p})
}
