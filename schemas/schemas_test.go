package schemas

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestEverySchemaCompiles(t *testing.T) {
	for _, n := range Names() {
		if _, err := Validate(n, map[string]any{}); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

func TestUnknownSchemaName(t *testing.T) {
	for _, n := range []string{"nope.schema.json", "doc.go", ""} {
		if _, err := Validate(n, map[string]any{}); err == nil {
			t.Errorf("Validate(%q): no error", n)
		}
	}
}

func decode(s string) any {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	_ = d.Decode(&v)
	return v
}

func TestLeafIssues(t *testing.T) {
	issues, err := Validate("plugin.schema.json", decode(`{"name": 1, "author": "me", "foo": 1, "commands": 5, "userConfig": {"bad key": {"type": "string", "title": "t", "description": "d"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, is := range issues {
		got[is.Pointer+" "+is.Keyword] = is.Message
	}
	for k, want := range map[string]string{
		"/name type":                        "expected string, got number",
		"/author type":                      "expected object, got string",
		" additionalProperties":             `unknown property "foo"`,
		"/commands type":                    "expected string or array or object, got number",
		"/userConfig/bad key propertyNames": "invalid key",
	} {
		if !strings.HasPrefix(got[k], want) {
			t.Errorf("%q: got %q, want prefix %q (all: %v)", k, got[k], want, got)
		}
	}
}

func TestHooksHandlerVariants(t *testing.T) {
	issues, _ := Validate("hooks.schema.json", decode(`{"hooks": {"Stop": [{"hooks": [{"type": "command"}, {"type": "http", "url": "https://x"}, {"command": "x"}]}]}}`))
	if len(issues) != 2 || issues[0].Pointer != "/hooks/Stop/0/hooks/0" || issues[1].Pointer != "/hooks/Stop/0/hooks/2" {
		t.Fatalf("%+v", issues)
	}
}
