package rules

// Fixture tests. Every rule has two plugin trees under testdata/<RULE-ID>/:
// fires/ (the rule must report) and ok/ (it must not). Each is overlaid on
// testdata/_base/ (a clean minimal plugin) unless it holds a .nobase file,
// then linted with every default rule plus the rule under test. The set of
// findings (path, line, rule) must equal the set the fixture expects:
//
//   - inline markers on the line a finding is expected on, after a comment
//     opener:  <!-- want "XR001" -->   # want HK011 SE002   // want CT004
//   - for files that cannot carry a marker (JSON, first lines, binary), a
//     sibling "<file>.want" listing "LINE RULE" per line; "0 RULE" means the
//     file or directory as a whole; a ".want" at the fixture root is for
//     findings about the plugin itself (path "");
//   - a ".setup" file with lines run before linting, for what git cannot
//     store: "rm PATH", "mkdir PATH", "chmod 0755 PATH", "symlink TARGET PATH",
//     "write PATH \"go-quoted text\"", "big PATH BYTES" (a sparse file),
//     "unreadable PATH" (chmod 0; the test is skipped when run as root);
//   - a ".plugforge.yaml" at the fixture root is used as the configuration.
//
// So a fixture finds its defect with the intended rule and with nothing else.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var markerRE = regexp.MustCompile(`(?:#|<!--|//)\s*want((?:\s+"?[A-Z]{2}\d{3}"?)+)`)
var ruleIDRE = regexp.MustCompile(`[A-Z]{2}\d{3}`)

// fixture is a materialised fixture tree.
type fixture struct {
	Dir  string          // temporary copy, linted
	Want map[string]bool // "path:line RULE"
}

// buildFixture copies _base and src into a temporary directory, applies
// .setup and collects the expectations.
func buildFixture(t testing.TB, src string) fixture {
	t.Helper()
	dst := t.TempDir()
	if _, err := os.Stat(filepath.Join(src, ".nobase")); err != nil {
		copyTree(t, filepath.Join("testdata", "_base"), dst)
	}
	copyTree(t, src, dst)
	want := map[string]bool{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".setup", rel == ".nobase":
		case strings.HasSuffix(rel, ".want"):
			target := strings.TrimSuffix(strings.TrimSuffix(rel, ".want"), "/")
			readWant(t, p, target, want)
		default:
			data, _ := os.ReadFile(p)
			for i, line := range strings.Split(string(data), "\n") {
				if m := markerRE.FindStringSubmatch(line); m != nil {
					for _, id := range ruleIDRE.FindAllString(m[1], -1) {
						want[fmt.Sprintf("%s:%d %s", rel, i+1, id)] = true
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if setup := filepath.Join(src, ".setup"); fileExists(setup) {
		runSetup(t, setup, dst)
	}
	return fixture{dst, want}
}

func fileExists(p string) bool { _, err := os.Lstat(p); return err == nil }

// lintFixture lints a built fixture with the default rules plus extra.
func lintFixture(t testing.TB, fx fixture, extra ...string) []lint.Finding {
	t.Helper()
	var cfg *config.Config
	if p := filepath.Join(fx.Dir, config.FileName); fileExists(p) {
		data, _ := os.ReadFile(p)
		c, err := config.Parse(data, config.FileName)
		if err != nil {
			t.Fatalf("fixture config: %v", err)
		}
		cfg = c
	} else {
		cfg = &config.Config{}
	}
	for _, id := range extra {
		cfg.Enable = append(cfg.Enable, config.Ref{Value: id})
	}
	units, err := snapshot.Resolve(fx.Dir, "", snapshot.Options{})
	if err != nil {
		t.Fatalf("resolve: %v", err)
	}
	eng, err := lint.New(All(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return eng.Run(units)
}

// checkFixture lints the fixture at dir and reports every missing and every
// unexpected finding; it returns the expectations.
func checkFixture(t *testing.T, dir string, enable ...string) (fixture, []lint.Finding) {
	fx := buildFixture(t, dir)
	findings := lintFixture(t, fx, enable...)
	got := map[string]lint.Finding{}
	for _, f := range findings {
		got[fmt.Sprintf("%s:%d %s", f.Path, f.Line, f.Rule)] = f
	}
	var missing, unexpected []string
	for k := range fx.Want {
		if _, ok := got[k]; !ok {
			missing = append(missing, k)
		}
	}
	for k, f := range got {
		if !fx.Want[k] {
			unexpected = append(unexpected, fmt.Sprintf("%s:%d:%d: %s: %s (%s)", f.Path, f.Line, f.Column, f.Severity, f.Message, f.Rule))
		}
	}
	sort.Strings(missing)
	sort.Strings(unexpected)
	for _, m := range missing {
		t.Errorf("missing finding %s", m)
	}
	for _, u := range unexpected {
		t.Errorf("unexpected finding %s", u)
	}
	return fx, findings
}

func TestFixtures(t *testing.T) {
	for _, r := range All() {
		for _, kind := range []string{"fires", "ok"} {
			r, kind := r, kind
			t.Run(r.ID+"/"+kind, func(t *testing.T) {
				t.Parallel()
				dir := filepath.Join("testdata", r.ID, kind)
				if !fileExists(dir) {
					t.Fatalf("rule %s (%s) has no %s fixture: add %s/", r.ID, r.Alias, kind, dir)
				}
				fx, _ := checkFixture(t, dir, r.ID)
				fired := false
				for k := range fx.Want {
					fired = fired || strings.HasSuffix(k, " "+r.ID)
				}
				if kind == "fires" && !fired {
					t.Errorf("fires fixture expects no finding of %s", r.ID)
				}
				if kind == "ok" && fired {
					t.Errorf("ok fixture expects a finding of %s", r.ID)
				}
			})
		}
	}
}

// TestParityCorpus lints testdata/_parity/: one small plugin per error that
// "claude plugin validate" reports (reference §4, and what 2.1.197 rejects).
// Each must yield its expected findings, at least one of them an error —
// the parity floor, checked even where the validator is not installed.
func TestParityCorpus(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "_parity", "*"))
	if len(dirs) == 0 {
		t.Fatal("no parity corpus")
	}
	for _, dir := range dirs {
		dir := dir
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			_, findings := checkFixture(t, dir)
			if !lint.AtLeast(findings, lint.Error) {
				t.Errorf("no error-level finding: the validator reports an error here")
			}
		})
	}
}
