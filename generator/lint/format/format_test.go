package format

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/schemas"
)

func report() Report {
	rule := &lint.Rule{ID: "HK003", Alias: "hook-root-unquoted", Family: lint.Family{Name: "hooks", Prefix: "HK"},
		Severity: lint.Warning, Title: "unquoted root", Doc: lint.Doc{Why: "Why.", Consequence: "It fails.", Bad: "x", Good: "y", Checked: "2.1.328"}}
	return Report{Plugins: 1, Rules: []*lint.Rule{rule}, Findings: []lint.Finding{
		{Path: "dist/iflow/hooks/hooks.json", Line: 3, Column: 7, Rule: "HK003", Alias: "hook-root-unquoted", Family: "hooks",
			Severity: lint.Warning, Message: `hook command "a, b: c" uses ${CLAUDE_PLUGIN_ROOT} without quotes`, Hint: "quote it",
			Source: "plugin-src/hooks/hooks.yaml"},
		{Path: "dist/my dir/x.md", Rule: "LY999", Severity: lint.Error, Message: "whole file\nsecond line"},
	}}
}

func TestText(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "text", report()); err != nil {
		t.Fatal(err)
	}
	want := "dist/iflow/hooks/hooks.json:3:7: warning: hook command \"a, b: c\" uses ${CLAUDE_PLUGIN_ROOT} without quotes (HK003)\n" +
		"    hint: quote it\n    source: plugin-src/hooks/hooks.yaml\n" +
		"dist/my dir/x.md: error: whole file\nsecond line (LY999)\n" +
		"1 error, 1 warning, 0 infos in 1 plugin\n"
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestJSONMatchesItsSchema(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "json", report()); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	issues, err := schemas.Validate("lint-output.schema.json", v)
	if err != nil || len(issues) > 0 {
		t.Fatalf("output does not match schemas/lint-output.schema.json: %v %+v", err, issues)
	}
}

func TestSARIF(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "sarif", report()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex *int
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           *struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0]
	if log.Version != "2.1.0" || len(r.Tool.Driver.Rules) != 1 || len(r.Results) != 2 {
		t.Fatalf("bad log: %s", b.String())
	}
	if r.Results[0].RuleIndex == nil || *r.Results[0].RuleIndex != 0 || r.Results[0].Level != "warning" ||
		r.Results[0].Locations[0].PhysicalLocation.Region.StartLine != 3 {
		t.Errorf("first result wrong: %s", b.String())
	}
	if r.Results[1].RuleIndex != nil || r.Results[1].Locations[0].PhysicalLocation.Region != nil ||
		r.Results[1].Locations[0].PhysicalLocation.ArtifactLocation.URI != "dist/my%20dir/x.md" {
		t.Errorf("second result wrong: %s", b.String())
	}
}

func TestGitHubEscapes(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "github", report()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one line per finding, got %q", b.String())
	}
	if !strings.HasPrefix(lines[0], "::warning file=dist/iflow/hooks/hooks.json,line=3,col=7,title=HK003 hook-root-unquoted::") ||
		!strings.Contains(lines[0], "%0Aquote it") {
		t.Errorf("line 1: %s", lines[0])
	}
	if lines[1] != "::error file=dist/my dir/x.md,title=LY999 ::whole file%0Asecond line" {
		t.Errorf("line 2: %s", lines[1])
	}
}
