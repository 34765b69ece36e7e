package rules

// Fixture tests. Every rule has two plugin trees under testdata/<RULE-ID>/:
// fires/ (the rule must report) and ok/ (it must not). Each is overlaid on
// testdata/_base/ (a clean minimal plugin) unless it holds a .nobase file,
// then linted with every default rule plus the rule under test. The
// findings must be exactly the ones the fixture expects, each pinned by
// path, line, column, rule and message, in the spirit of go/analysis's
// analysistest:
//
//   - inline, after a comment opener on the line the finding is on:
//     <!-- want XR001:12 `subagent_type "my:reviewr" names no agent of plugin "my"` -->
//     # want HK011:3 `script "hooks/x.sh" does not parse: .*` SE002:1 `eval executes expanded text as shell code`
//     one RULE:COLUMN and a message regexp per finding, the regexp a Go raw
//     (backquoted) or interpreted (double-quoted) string that must match
//     the whole message;
//   - for files that cannot carry a marker (JSON, first lines, binary), a
//     sibling "<file>.want" with one "LINE:COLUMN RULE `regexp`" per line;
//     "0:0 RULE ..." means the file or directory as a whole; a ".want" at
//     the fixture root is for findings about the plugin itself (path "");
//   - a ".setup" file with lines run before linting, for what git cannot
//     store: "rm PATH", "mkdir PATH", "chmod 0755 PATH", "symlink TARGET PATH",
//     "write PATH \"go-quoted text\"", "big PATH BYTES" (a sparse file),
//     "unreadable PATH" (chmod 0; the test is skipped when run as root),
//     "generated PATH..." (a .plugforge-manifest.json listing those files,
//     for rules scoped to what plugforge generated);
//   - a ".plugforge.yaml" at the fixture root is used as the configuration.
//
// So a fixture finds its defect with the intended rule, where it is and in
// the words the rule uses, and with nothing else.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// A spec is RULE:COLUMN (inline) or LINE:COLUMN RULE (.want), then a
// message regexp quoted as a Go string literal.
const quotedRE = "`[^`]*`" + `|"(?:[^"\\]|\\.)*"`

var (
	markerRE = regexp.MustCompile(`(?:#|<!--|//)\s*want\s+([A-Z]{2}\d{3}:\d+\s.*)`)
	inlineRE = regexp.MustCompile(`^\s*([A-Z]{2}\d{3}):(\d+)\s+(` + quotedRE + `)`)
	wantRE   = regexp.MustCompile(`^(\d+):(\d+)\s+([A-Z]{2}\d{3})\s+(` + quotedRE + `)\s*$`)
)

// expectation is one finding a fixture wants.
type expectation struct {
	path      string
	line, col int
	rule      string
	re        *regexp.Regexp
}

func (e expectation) String() string {
	return fmt.Sprintf("%s:%d:%d %s %s", e.path, e.line, e.col, e.rule, strings.TrimSuffix(strings.TrimPrefix(e.re.String(), "^(?:"), ")$"))
}

// newExpectation compiles a quoted message regexp, anchored at both ends.
func newExpectation(t testing.TB, where, path string, line, col int, rule, quoted string) expectation {
	t.Helper()
	text, err := strconv.Unquote(quoted)
	if err != nil {
		t.Fatalf("%s: bad quoted regexp %s: %v", where, quoted, err)
	}
	re, err := regexp.Compile("^(?:" + text + ")$")
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	return expectation{path, line, col, rule, re}
}

// inlineWants reads the specs after "want" on line n of file rel.
func inlineWants(t testing.TB, where, rel string, n int, specs string) []expectation {
	t.Helper()
	var out []expectation
	for strings.TrimSpace(specs) != "" && !strings.HasPrefix(strings.TrimSpace(specs), "-->") {
		m := inlineRE.FindStringSubmatch(specs)
		if m == nil {
			t.Fatalf("%s: malformed want %q (want RULE:COLUMN `regexp`)", where, specs)
		}
		col, _ := strconv.Atoi(m[2])
		out = append(out, newExpectation(t, where, rel, n, col, m[1], m[3]))
		specs = specs[len(m[0]):]
	}
	return out
}

// fixture is a materialised fixture tree.
type fixture struct {
	Dir  string // temporary copy, linted
	Want []expectation
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
	var want []expectation
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
			want = append(want, readWant(t, p, target)...)
		default:
			data, _ := os.ReadFile(p)
			for i, line := range strings.Split(string(data), "\n") {
				if m := markerRE.FindStringSubmatch(line); m != nil {
					want = append(want, inlineWants(t, fmt.Sprintf("%s:%d", p, i+1), rel, i+1, m[1])...)
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
	eng.Retired = Retired
	return eng.Run(units)
}

// checkFixture lints the fixture at dir and reports every missing and every
// unexpected finding; it returns the expectations.
func checkFixture(t *testing.T, dir string, enable ...string) (fixture, []lint.Finding) {
	fx := buildFixture(t, dir)
	findings := lintFixture(t, fx, enable...)
	missing, unexpected := compare(fx.Want, findings)
	for _, m := range missing {
		t.Errorf("missing finding %s", m)
	}
	for _, u := range unexpected {
		t.Errorf("unexpected finding %s", u)
	}
	return fx, findings
}

// compare pairs findings with expectations one to one: same path, line,
// column and rule, and a message the regexp matches whole.
func compare(want []expectation, findings []lint.Finding) (missing, unexpected []string) {
	used := make([]bool, len(want))
	for _, f := range findings {
		matched := false
		for i, e := range want {
			if !used[i] && e.path == f.Path && e.line == f.Line && e.col == f.Column && e.rule == f.Rule && e.re.MatchString(f.Message) {
				used[i], matched = true, true
				break
			}
		}
		if !matched {
			unexpected = append(unexpected, fmt.Sprintf("%s:%d:%d %s %q", f.Path, f.Line, f.Column, f.Rule, f.Message))
		}
	}
	for i, e := range want {
		if !used[i] {
			missing = append(missing, e.String())
		}
	}
	sort.Strings(missing)
	sort.Strings(unexpected)
	return missing, unexpected
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
				for _, e := range fx.Want {
					fired = fired || e.rule == r.ID
				}
				if kind == "fires" && !fired {
					t.Errorf("fires fixture expects no finding of %s", r.ID)
				}
				for _, e := range fx.Want {
					if strings.Trim(strings.TrimSuffix(strings.TrimPrefix(e.re.String(), "^(?:"), ")$"), ".*") == "" {
						t.Errorf("%s pins no text of the message", e)
					}
				}
				if kind == "ok" && fired {
					t.Errorf("ok fixture expects a finding of %s", r.ID)
				}
				if kind == "ok" && r.Scope != lint.AnyFile && len(r.Kinds) > 0 && !anyInScope(t, dir, fx, r) {
					t.Errorf("%s fixture has no file of the rule's kinds in its scope (%s): it tests nothing", kind, r.Scope)
				}
			})
		}
	}
}

// TestParityCorpus lints testdata/_parity/: one small plugin per error that
// "claude plugin validate" reports (reference §4, and what 2.1.197 rejected
// and 2.1.330 still does; the frontmatter values 2.1.330 repairs moved to
// frontmatter-needs-repair's fixtures when that became a warning, and the
// byte order mark 2.1.330 loads to json-bom's when it did).
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

// TestFixturesPinText: an expectation that names the right place and rule
// but the wrong column or message does not match; the rule's words and
// position are part of what a fixture checks.
func TestFixturesPinText(t *testing.T) {
	f := lint.Finding{Path: "hooks/hooks.json", Line: 7, Column: 42, Rule: "HK003", Message: `hook command "x" uses ${CLAUDE_PLUGIN_ROOT} without quotes`}
	for spec, ok := range map[string]bool{
		"`hook command \"x\" uses \\${CLAUDE_PLUGIN_ROOT} without quotes`": true,
		"`hook command .* without quotes`":                                 true,
		"`hook command \"x\" uses`":                                        false, // the regexp must match the whole message
		"`hook command \"y\" .*`":                                          false,
	} {
		for _, col := range []int{42, 41} {
			e := newExpectation(t, "test", f.Path, f.Line, col, f.Rule, spec)
			missing, unexpected := compare([]expectation{e}, []lint.Finding{f})
			if got := len(missing) == 0 && len(unexpected) == 0; got != (ok && col == 42) {
				t.Errorf("%s at column %d: matched %v", spec, col, got)
			}
		}
	}
}

// anyInScope reports whether the fixture's own files (not those of
// _base) include one the rule looks at: a fixture whose every file is out
// of the rule's scope (a script no command runs, for a rule on loaded
// files) would pass without the rule ever running.
func anyInScope(t *testing.T, src string, fx fixture, r lint.Rule) bool {
	t.Helper()
	own := map[string]bool{}
	_ = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(src, p)
			own[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	units, err := snapshot.Resolve(fx.Dir, "", snapshot.Options{})
	if err != nil {
		t.Fatalf("resolve: %v", err)
	}
	for _, p := range units {
		for _, f := range p.Files {
			if own[f.Path] && r.Applies(p, f) {
				return true
			}
		}
	}
	return false
}
