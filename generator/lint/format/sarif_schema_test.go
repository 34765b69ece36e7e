package format

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/plugforge/plugforge/internal/jsonschema"
)

// TestSARIFValidatesAgainstOASISSchema checks the sarif format against the
// official SARIF 2.1.0 schema, including a finding without a line (which
// must not produce a region with startLine 0) and suppressed findings
// (results with "suppressions").
func TestSARIFValidatesAgainstOASISSchema(t *testing.T) {
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
