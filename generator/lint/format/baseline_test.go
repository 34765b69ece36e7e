package format

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/schemas"
)

// baselined is report() linted against a baseline that held one finding
// back and has one entry, standing for two findings, that nothing matched.
func baselined() Report {
	r := report()
	r.Suppressed = append(r.Suppressed, lint.Finding{Path: "dist/iflow/commands/b.md", Line: 12, Column: 1, Rule: "HK003",
		Alias: "hook-root-unquoted", Family: "hooks", Severity: lint.Error, Message: "known since the import",
		Suppression: &lint.Suppression{Kind: "external", Justification: "recorded in the baseline plugforge-baseline.json", Path: "plugforge-baseline.json"}})
	r.Baseline = &lint.BaselineReport{Path: "plugforge-baseline.json", Matched: 1, Stale: []baseline.Entry{
		{Key: baseline.Key{Plugin: "iflow", Path: "commands/c.md", Rule: "HK003", Message: "fixed since", Context: "0123456789abcdef"}, Count: 2}}}
	return r
}

func write(t *testing.T, format string, r Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, format, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestBaselineText(t *testing.T) {
	got := write(t, "text", baselined())
	want := "1 error, 1 warning, 0 infos in 1 plugin; 2 suppressed; 1 baselined\n" +
		"note: 2 baselined findings of plugforge-baseline.json no longer found: --update-baseline prunes them\n"
	if !strings.HasSuffix(got, want) {
		t.Fatalf("got\n%s\nwant the summary\n%s", got, want)
	}
}

func TestBaselineJSON(t *testing.T) {
	out := write(t, "json", baselined())
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if issues, err := schemas.Validate("lint-output.schema.json", v); err != nil || len(issues) > 0 {
		t.Fatalf("output does not match schemas/lint-output.schema.json: %v %+v\n%s", err, issues, out)
	}
	var doc struct {
		Summary  map[string]int
		Baseline struct {
			Path  string
			Stale []baseline.Entry
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Summary["baselined"] != 1 || doc.Summary["stale"] != 2 || doc.Summary["suppressed"] != 3 ||
		doc.Baseline.Path != "plugforge-baseline.json" || len(doc.Baseline.Stale) != 1 || doc.Baseline.Stale[0].Count != 2 {
		t.Fatalf("baseline not carried: %+v", doc)
	}
}

func TestBaselineSARIF(t *testing.T) {
	out := write(t, "sarif", baselined())
	var doc any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if err := sarifSchema(t).Validate(doc); err != nil {
		t.Fatalf("SARIF with a baseline does not validate against SARIF 2.1.0: %#v", err)
	}
	var log struct {
		Runs []struct {
			Properties struct{ Baseline map[string]any }
			Results    []struct {
				BaselineState string
				Suppressions  []struct{ Kind string }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, r := range log.Runs[0].Results {
		states = append(states, r.BaselineState)
	}
	if strings.Join(states, " ") != "new new new new unchanged" {
		t.Fatalf("baselineState: %v", states)
	}
	if last := log.Runs[0].Results[4]; len(last.Suppressions) != 1 || last.Suppressions[0].Kind != "external" {
		t.Fatalf("the baselined result is not suppressed as external: %+v", last)
	}
	if log.Runs[0].Properties.Baseline["stale"] != float64(2) {
		t.Fatalf("run properties: %+v", log.Runs[0].Properties)
	}
	if strings.Contains(write(t, "sarif", report()), "baselineState") {
		t.Fatal("baselineState without a baseline")
	}
}

func TestBaselineGitHub(t *testing.T) {
	got := write(t, "github", baselined())
	if !strings.HasSuffix(got, "::notice title=plugforge baseline::2 baselined findings of plugforge-baseline.json no longer found: --update-baseline prunes them\n") ||
		strings.Contains(got, "known since the import") {
		t.Fatalf("got\n%s", got)
	}
}
