package lint

import (
	"regexp"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var todoRE = regexp.MustCompile(`TODO\((\w+)\)`)

// todoRules reports every TODO(name) in a command, quoting the name and,
// as some real messages do, the line it is on.
func todoRules() []Rule {
	return []Rule{{ID: "TT010", Alias: "todo", Family: famT, Severity: Error, Title: "t", Doc: tdoc,
		Kinds: []snapshot.Kind{snapshot.KindCommand},
		Check: func(p *Pass) {
			for n := 1; n <= p.File.NumLines(); n++ {
				for _, m := range todoRE.FindAllStringSubmatch(p.File.LineText(n), -1) {
					p.Reportf(p.File.Line(n), "do it", "todo %q left on line %d", m[1], n)
				}
			}
		}}}
}

func todoPlugin(body string) *snapshot.Plugin {
	return snapshot.FromMemory("dist/kit", map[string][]byte{
		".claude-plugin/plugin.json": []byte(`{"name": "kit"}`),
		"commands/go.md":             []byte(body),
	})
}

// recordAndRelint records the findings of before as a baseline, then
// lints after against it.
func recordAndRelint(t *testing.T, before, after string) Result {
	t.Helper()
	e, err := New(todoRules(), nil)
	if err != nil {
		t.Fatal(err)
	}
	u := todoPlugin(before)
	keys, linted := BaselineKeys([]*snapshot.Plugin{u}, e.RunAll([]*snapshot.Plugin{u}).Findings)
	if len(keys) == 0 {
		t.Fatal("the fixture has no findings to record")
	}
	e.Baseline = baseline.Record("b.json", keys, nil, linted)
	return e.RunAll([]*snapshot.Plugin{todoPlugin(after)})
}

func messages(fs []Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Path+":"+f.Message)
	}
	return strings.Join(out, "\n")
}

func TestBaselineSurvivesLinesInsertedAbove(t *testing.T) {
	before := "# Go\n\nStep one. TODO(alpha)\n"
	after := "# Go\n\nA new paragraph.\n\nAnd another.\n\n  Step one.   TODO(alpha)\n"
	res := recordAndRelint(t, before, after)
	if len(res.Findings) != 0 {
		t.Fatalf("a finding moved down four lines (and re-indented) was reported as new:\n%s", messages(res.Findings))
	}
	if res.Baseline.Matched != 1 || len(res.Baseline.Stale) != 0 {
		t.Fatalf("matched %d, stale %v", res.Baseline.Matched, res.Baseline.Stale)
	}
	if len(res.Suppressed) != 1 || res.Suppressed[0].Line != 7 || res.Suppressed[0].Suppression.Kind != "external" ||
		res.Suppressed[0].Suppression.Path != "b.json" {
		t.Fatalf("the baselined finding is not suppressed as external, at its new line: %+v", res.Suppressed)
	}
}

func TestBaselineChangedSubjectIsNew(t *testing.T) {
	res := recordAndRelint(t, "Step one. TODO(alpha)\n", "Step one. TODO(beta)\n")
	if got := messages(res.Findings); got != `dist/kit/commands/go.md:todo "beta" left on line 1` {
		t.Fatalf("the renamed subject should be the one new finding, got:\n%s", got)
	}
	if res.Baseline.StaleCount() != 1 || res.Baseline.Stale[0].Message != `todo "alpha" left on line N` {
		t.Fatalf("the old subject's entry should be stale, got %+v", res.Baseline.Stale)
	}
}

func TestBaselineEditedLineIsNew(t *testing.T) {
	res := recordAndRelint(t, "Step one. TODO(alpha)\n", "Step two. TODO(alpha)\n")
	if len(res.Findings) != 1 {
		t.Fatalf("a finding whose line was rewritten should be new, got %d", len(res.Findings))
	}
}

func TestBaselineCountsDuplicates(t *testing.T) {
	line := "Again. TODO(alpha)\n"
	res := recordAndRelint(t, "# Go\n"+line, "# Go\n"+line+line)
	if len(res.Findings) != 1 || res.Findings[0].Line != 3 || res.Baseline.Matched != 1 {
		t.Fatalf("one entry must hold back one of two identical findings, the first: got %s (matched %d)",
			messages(res.Findings), res.Baseline.Matched)
	}
	res = recordAndRelint(t, "# Go\n"+line+line, "# Go\n"+line)
	if len(res.Findings) != 0 || res.Baseline.StaleCount() != 1 || res.Baseline.Stale[0].Count != 1 {
		t.Fatalf("one of two fixed: want no finding and one stale, got %s, stale %+v", messages(res.Findings), res.Baseline.Stale)
	}
}

// An entry of a plugin the run did not lint is not stale: linting one
// variant must not call the other's entries fixed.
func TestBaselineStaleOnlyForPluginsLinted(t *testing.T) {
	e, err := New(todoRules(), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Baseline = &baseline.Baseline{Path: "b.json", Entries: []baseline.Entry{
		{Key: baseline.Key{Plugin: "other", Path: "commands/go.md", Rule: "TT010", Message: `todo "x" left on line N`}, Count: 1},
		{Key: baseline.Key{Plugin: "kit", Path: "commands/go.md", Rule: "TT010", Message: `todo "gone" left on line N`}, Count: 2},
	}}
	res := e.RunAll([]*snapshot.Plugin{todoPlugin("nothing to do\n")})
	if len(res.Baseline.Stale) != 1 || res.Baseline.Stale[0].Plugin != "kit" || res.Baseline.StaleCount() != 2 {
		t.Fatalf("stale: %+v", res.Baseline.Stale)
	}
}

func TestPluginName(t *testing.T) {
	for _, c := range []struct {
		u    *snapshot.Plugin
		want string
	}{
		{todoPlugin(""), "kit"},
		{snapshot.FromMemory("dist/no-manifest", map[string][]byte{"commands/a.md": nil}), "no-manifest"},
	} {
		if got := PluginName(c.u); got != c.want {
			t.Errorf("%s: got %q, want %q", c.u.Display, got, c.want)
		}
	}
}
