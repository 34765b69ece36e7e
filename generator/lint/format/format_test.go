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
	}, Suppressed: []lint.Finding{
		{Path: "dist/iflow/commands/a.md", Line: 8, Column: 1, Rule: "HK003", Alias: "hook-root-unquoted", Family: "hooks",
			Severity: lint.Warning, Message: "suppressed in source",
			Suppression: &lint.Suppression{Kind: "inSource", Justification: "the root has no spaces here", Path: "dist/iflow/commands/a.md", Line: 7}},
		{Path: "dist/iflow/.claude-plugin/plugin.json", Line: 4, Column: 3, Rule: "HK003", Alias: "hook-root-unquoted", Family: "hooks",
			Severity: lint.Error, Message: "suppressed by the configuration",
			Suppression: &lint.Suppression{Kind: "external", Justification: "read by our catalogue tool", Path: ".plugforge.yaml", Line: 3}},
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
		"1 error, 1 warning, 0 infos in 1 plugin; 2 suppressed\n"
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
	var out struct {
		Findings   []lint.Finding
		Suppressed []lint.Finding
		Summary    map[string]int
	}
	if err := json.Unmarshal(render(t, "json"), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Findings) != 2 || len(out.Suppressed) != 2 || out.Summary["suppressed"] != 2 || out.Summary["error"] != 1 ||
		out.Suppressed[1].Suppression == nil || out.Suppressed[1].Suppression.Kind != "external" ||
		out.Suppressed[0].Suppression.Justification != "the root has no spaces here" {
		t.Errorf("suppressed findings not carried apart: %+v", out)
	}
}

// render writes report() in format f.
func render(t *testing.T, f string) []byte {
	var b bytes.Buffer
	if err := Write(&b, f, report()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSARIFSuppressions checks suppressed findings become results with
// SARIF suppressions (kind, justification, where the suppression is).
func TestSARIFSuppressions(t *testing.T) {
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID       string
				Suppressions []struct {
					Kind, Justification string
					Location            struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine int }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, "sarif"), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != 4 || len(res[0].Suppressions) != 0 || len(res[1].Suppressions) != 0 {
		t.Fatalf("want 2 plain results then 2 suppressed: %+v", res)
	}
	in, ext := res[2].Suppressions, res[3].Suppressions
	if len(in) != 1 || in[0].Kind != "inSource" || in[0].Justification != "the root has no spaces here" ||
		in[0].Location.PhysicalLocation.ArtifactLocation.URI != "dist/iflow/commands/a.md" || in[0].Location.PhysicalLocation.Region.StartLine != 7 {
		t.Errorf("inSource suppression wrong: %+v", in)
	}
	if len(ext) != 1 || ext[0].Kind != "external" || ext[0].Justification != "read by our catalogue tool" ||
		ext[0].Location.PhysicalLocation.ArtifactLocation.URI != ".plugforge.yaml" {
		t.Errorf("external suppression wrong: %+v", ext)
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
	if log.Version != "2.1.0" || len(r.Tool.Driver.Rules) != 1 || len(r.Results) != 4 {
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
