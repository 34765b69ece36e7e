package format

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/schemas"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

// sarifSchema compiles the official SARIF 2.1.0 schema.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	raw, err := os.ReadFile("testdata/sarif-2.1.0-rtm.5.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft4
	if err := c.AddResource("sarif.json", bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

// TestSARIFValidatesAgainstOASISSchema checks the sarif format against the
// official SARIF 2.1.0 schema, including a finding without a line (which
// must not produce a region with startLine 0) and suppressed findings
// (results with "suppressions").
func TestSARIFValidatesAgainstOASISSchema(t *testing.T) {
	schema := sarifSchema(t)
	var bad any
	_ = json.Unmarshal([]byte(`{"version": "2.1.0"}`), &bad) // no "runs"
	if schema.Validate(bad) == nil {
		t.Fatal("the schema accepts a log without runs: the check is not active")
	}
	var b bytes.Buffer
	if err := Write(&b, "sarif", report()); err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("SARIF output does not validate against SARIF 2.1.0:\n%#v\n%s", err, b.String())
	}
	empty := report()
	empty.Findings, empty.Suppressed = nil, nil
	b.Reset()
	if err := Write(&b, "sarif", empty); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("SARIF output without findings does not validate: %#v", err)
	}
}

// TestFixesInJSONAndSARIF: a finding --fix would repair is "fixable" in
// JSON and carries its byte replacements as SARIF fixes; one in a file
// plugforge generated, or one that only changes a mode, carries neither;
// both outputs still validate against their schemas.
func TestFixesInJSONAndSARIF(t *testing.T) {
	r := report()
	r.Rules[0].Doc.Fix = "quotes the root."
	edit := &lint.Fix{Display: "p/hooks/hooks.json", Edits: []lint.Edit{{Start: 40, End: 66, New: `\"${CLAUDE_PLUGIN_ROOT}/x.sh\"`}, {Start: 70, End: 72}}}
	r.Findings = []lint.Finding{
		{Path: "p/hooks/hooks.json", Line: 3, Column: 7, Rule: "HK003", Severity: lint.Warning, Message: "fixable", Fix: edit},
		{Path: "dist/iflow/hooks/hooks.json", Line: 3, Column: 7, Rule: "HK003", Severity: lint.Warning, Message: "generated",
			Fix: &lint.Fix{Display: "dist/iflow/hooks/hooks.json", Edits: edit.Edits, Generated: true}},
		{Path: "p/hooks/hooks.json", Line: 2, Column: 1, Rule: "HK003", Severity: lint.Warning, Message: "mode only",
			Fix: &lint.Fix{Display: "p/hooks/check.sh", Mode: 0o755}},
	}
	r.Suppressed = nil

	var b bytes.Buffer
	if err := Write(&b, "json", r); err != nil {
		t.Fatal(err)
	}
	var js struct {
		Findings []struct {
			Message string
			Fixable bool
		}
	}
	if err := json.Unmarshal(b.Bytes(), &js); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, f := range js.Findings {
		got[f.Message] = f.Fixable
	}
	if want := map[string]bool{"fixable": true, "generated": false, "mode only": true}; !reflect.DeepEqual(got, want) {
		t.Errorf("fixable in JSON: got %v, want %v", got, want)
	}
	var v any
	_ = json.Unmarshal(b.Bytes(), &v)
	if issues, err := schemas.Validate("lint-output.schema.json", v); err != nil || len(issues) > 0 {
		t.Fatalf("JSON with fixable findings does not match its schema: %v %+v", err, issues)
	}

	b.Reset()
	if err := Write(&b, "sarif", r); err != nil {
		t.Fatal(err)
	}
	var sl struct {
		Runs []struct {
			Results []struct {
				Message struct{ Text string }
				Fixes   []struct {
					Description     struct{ Text string }
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   struct{ ByteOffset, ByteLength int }
							InsertedContent *struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &sl); err != nil {
		t.Fatal(err)
	}
	res := sl.Runs[0].Results
	if len(res[1].Fixes)+len(res[2].Fixes) != 0 {
		t.Errorf("a generated file's or a mode-only fix became a SARIF fix: %s", b.String())
	}
	if len(res[0].Fixes) != 1 {
		t.Fatalf("fixable finding has %d SARIF fixes", len(res[0].Fixes))
	}
	fx := res[0].Fixes[0]
	ch := fx.ArtifactChanges[0]
	if fx.Description.Text != "quotes the root." || ch.ArtifactLocation.URI != "p/hooks/hooks.json" || len(ch.Replacements) != 2 ||
		ch.Replacements[0].DeletedRegion.ByteOffset != 40 || ch.Replacements[0].DeletedRegion.ByteLength != 26 ||
		ch.Replacements[0].InsertedContent == nil || ch.Replacements[1].InsertedContent != nil {
		t.Errorf("SARIF fix: %+v", fx)
	}
	var doc any
	_ = json.Unmarshal(b.Bytes(), &doc)
	if err := sarifSchema(t).Validate(doc); err != nil {
		t.Fatalf("SARIF with fixes does not validate against SARIF 2.1.0: %#v", err)
	}
}
