package lint

import (
	"strconv"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var famT = Family{Name: "test", Prefix: "TT", Doc: "test rules"}

var tdoc = Doc{Why: "why", Consequence: "it fails", Bad: "bad", Good: "good", Checked: "2.1.328"}

func testRules() []Rule {
	return []Rule{
		{ID: "TT001", Alias: "every-md", Family: famT, Severity: Warning, Title: "t", Doc: tdoc,
			Kinds: []snapshot.Kind{snapshot.KindCommand},
			Check: func(p *Pass) {
				p.Reportf(p.File.Line(99), "fix it", "command %q", p.File.Path)
				p.Reportf(p.File.Line(99), "fix it", "command %q", p.File.Path) // duplicate
			}},
		{ID: "TT002", Alias: "plugin-level", Family: famT, Severity: Error, Title: "t", Doc: tdoc,
			Options: []Option{{Name: "n", Default: 3, Doc: "a number"}},
			Check: func(p *Pass) {
				p.Reportf(snapshot.Loc{}, "", "n is %d", p.Int("n"))
			}},
		{ID: "TT003", Alias: "panics", Family: famT, Severity: Info, Title: "t", Doc: tdoc, Off: true,
			Check: func(p *Pass) { panic("boom") }},
		{ID: "TT004", Alias: AliasIgnoreUnused, Family: famT, Severity: Warning, Title: "t", Doc: tdoc, Check: func(*Pass) {}},
		{ID: "TT005", Alias: AliasSelectorUnknown, Family: famT, Severity: Warning, Title: "t", Doc: tdoc, Check: func(*Pass) {}},
	}
}

func unit() *snapshot.Plugin {
	return snapshot.FromMemory("pl", map[string][]byte{
		"commands/b.md": []byte("b\nb\n"),
		"commands/a.md": []byte("a\n"),
	})
}

func run(t *testing.T, cfg *config.Config) []Finding {
	e, err := New(testRules(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e.Run([]*snapshot.Plugin{unit()})
}

func TestRunSortsDedupesAndClamps(t *testing.T) {
	got := run(t, nil)
	var lines []string
	for _, f := range got {
		lines = append(lines, f.Path+":"+strconv.Itoa(f.Line)+":"+f.Rule+":"+f.Severity.String())
	}
	want := "pl:0:TT002:error pl/commands/a.md:1:TT001:warning pl/commands/b.md:2:TT001:warning"
	if strings.Join(lines, " ") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(lines, " "), want)
	}
}

func TestConfigApplies(t *testing.T) {
	cfg := &config.Config{
		Path:     ".plugforge.yaml",
		Enable:   []config.Ref{{Value: "panics", Line: 2}},
		Disable:  []config.Ref{{Value: "TT001", Line: 3}, {Value: "nope", Line: 4}},
		Severity: []config.SeverityOverride{{Ref: config.Ref{Value: "test"}, Severity: "info"}},
		Options:  map[string]map[string]any{"TT002": {"n": 7}},
		Ignores: []config.Ignore{
			{Path: "pl", Rules: []config.Ref{{Value: "TT003"}}, Reason: "r", Line: 8},
			{Path: "pl/agents/**", Reason: "r", Line: 9},
		},
	}
	got := run(t, cfg)
	var s []string
	for _, f := range got {
		s = append(s, f.Path+":"+strconv.Itoa(f.Line)+":"+f.Rule+":"+f.Severity.String()+":"+f.Message)
	}
	joined := strings.Join(s, "\n")
	for _, want := range []string{
		"pl:0:TT002:info:n is 7",
		`.plugforge.yaml:4:TT005:info:no rule, alias or family is called "nope"`,
		`.plugforge.yaml:9:TT004:info:ignore "pl/agents/**" matches no finding`,
	} {
		if !strings.Contains(joined, want) {
			t.Errorf("missing %q in\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "TT001") || strings.Contains(joined, "crashed") {
		t.Errorf("disabled or ignored findings leaked:\n%s", joined)
	}
}

func TestPanickingRuleBecomesFinding(t *testing.T) {
	got := run(t, &config.Config{Enable: []config.Ref{{Value: "TT003"}}})
	found := false
	for _, f := range got {
		found = found || f.Rule == "TT003" && strings.Contains(f.Message, "crashed: boom") && f.Severity == Error
	}
	if !found {
		t.Fatalf("no crash finding in %+v", got)
	}
}

func TestMatchPath(t *testing.T) {
	for _, c := range []struct {
		pat, path string
		ok        bool
	}{
		{"dist/*/commands/x.md", "dist/iflow/commands/x.md", true},
		{"dist/**", "dist/iflow/commands/x.md", true},
		{"dist/**/x.md", "dist/iflow/commands/x.md", true},
		{"dist/iflow", "dist/iflow/commands/x.md", true},
		{"dist/*.md", "dist/iflow/x.md", false},
		{"**/SKILL.md", "a/b/SKILL.md", true},
	} {
		if got := MatchPath(c.pat, c.path); got != c.ok {
			t.Errorf("MatchPath(%q, %q) = %v", c.pat, c.path, got)
		}
	}
}

func TestValidateRejectsBadRegistry(t *testing.T) {
	rs := testRules()
	rs[1].ID = "XX002"
	if Validate(rs) == nil {
		t.Error("a rule outside its family prefix passed")
	}
	rs = testRules()
	rs[1].Alias = rs[0].Alias
	if Validate(rs) == nil {
		t.Error("a duplicate alias passed")
	}
}
