package rules

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// runAll lints a built fixture and returns both lists RunAll gives.
func runAll(t *testing.T, dir string) lint.Result {
	t.Helper()
	fx := buildFixture(t, dir)
	var cfg *config.Config
	if p := filepath.Join(fx.Dir, config.FileName); fileExists(p) {
		c, err := config.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		c.Path = config.FileName
		cfg = c
	}
	units, err := snapshot.Resolve(fx.Dir, "", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := lint.New(All(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	eng.Retired = Retired
	return eng.RunAll(units)
}

func suppressedLines(r lint.Result) string {
	var b strings.Builder
	for _, f := range r.Suppressed {
		s := f.Suppression
		fmt.Fprintf(&b, "%s:%d %s <- %s %s:%d %q\n", f.Path, f.Line, f.Rule, s.Kind, s.Path, s.Line, s.Justification)
	}
	return b.String()
}

// TestInlineSuppressions pins what each directive form of the CF004 ok
// fixture suppresses: the fixture itself only shows that nothing is left
// and nothing is unused.
func TestInlineSuppressions(t *testing.T) {
	r := runAll(t, filepath.Join("testdata", "CF004", "ok"))
	if len(r.Findings) != 0 {
		t.Fatalf("unexpected findings: %+v", r.Findings)
	}
	want := `commands/hello.md:4 SC009 <- inSource commands/hello.md:3 "the hosting tool reads this key"
commands/hello.md:7 XR006 <- inSource commands/hello.md:6 "the guide is written at install time"
commands/hello.md:9 XR006 <- inSource commands/hello.md:9 "notes.md is written at install time"
commands/hello.md:12 XR006 <- inSource commands/hello.md:11 "this section describes the installed layout"
commands/hello.md:12 CT007 <- inSource commands/hello.md:11 "this section describes the installed layout"
scripts/run.sh:4 SE002 <- inSource scripts/run.sh:3 "the command is built from constants above"
scripts/run.sh:5 SE002 <- inSource scripts/run.sh:5 "same constant command"
skills/pdf/reference/guide.md:2 XR006 <- inSource skills/pdf/reference/guide.md:1 "this reference lists pages of the upstream manual, not plugin files"
skills/pdf/reference/guide.md:2 XR006 <- inSource skills/pdf/reference/guide.md:1 "this reference lists pages of the upstream manual, not plugin files"
skills/pdf/templates/ci.yaml:4 SE003 <- inSource skills/pdf/templates/ci.yaml:3 "a documented sample token that GitHub never issued"
`
	if got := suppressedLines(r); got != want {
		t.Errorf("suppressed:\n%s\nwant:\n%s", got, want)
	}
}

// TestConfigSuppressions pins the external suppressions of the CF001 ok
// fixture: a glob ignore, a JSON pointer and a line.
func TestConfigSuppressions(t *testing.T) {
	r := runAll(t, filepath.Join("testdata", "CF001", "ok"))
	if len(r.Findings) != 0 {
		t.Fatalf("unexpected findings: %+v", r.Findings)
	}
	want := `.claude-plugin/plugin.json:7 SC009 <- external .plugforge.yaml:5 "our catalogue tool reads x-team; Claude Code ignores it"
.claude-plugin/plugin.json:11 SC009 <- external .plugforge.yaml:9 "our catalogue tool reads x-review"
agents/reviewer.md:4 CP004 <- external .plugforge.yaml:2 "the model name is resolved by our proxy"
`
	if got := suppressedLines(r); got != want {
		t.Errorf("suppressed:\n%s\nwant:\n%s", got, want)
	}
}

// TestSuppressionRulesCanBeTurnedOff: the suppression findings are rules
// like any other; disabling one in .plugforge.yaml silences it.
func TestSuppressionRulesCanBeTurnedOff(t *testing.T) {
	fx := buildFixture(t, filepath.Join("testdata", "CF004", "fires"))
	units, err := snapshot.Resolve(fx.Dir, "", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	count := func(cfg *config.Config) int {
		eng, err := lint.New(All(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range eng.Run(units) {
			if f.Rule == "CF004" {
				n++
			}
		}
		return n
	}
	if n := count(nil); n != 3 {
		t.Fatalf("want 3 CF004 findings by default, got %d", n)
	}
	if n := count(&config.Config{Disable: []config.Ref{{Value: "suppression-unused"}}}); n != 0 {
		t.Errorf("CF004 disabled, still %d findings", n)
	}
}
