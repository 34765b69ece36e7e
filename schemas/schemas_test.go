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

// Validate compiles without checking schemas against the metaschema (see
// newCompiler); this is where they are checked, every one of them.
func TestEverySchemaPassesTheMetaschema(t *testing.T) {
	c, err := newCompiler(true)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range Names() {
		if _, err := c.Compile(Base + n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// Validate compiles the schemas without their "$schema", so without the
// metaschema's list of vocabularies; that list leaves out only
// format-assertion, so the two agree as long as no schema has a "format".
func TestNoSchemaHasAFormat(t *testing.T) {
	var walk func(name, at string, v any)
	walk = func(name, at string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if _, isStr := x.(string); k == "format" && isStr {
					t.Errorf("%s%s has a format; withoutMetaschema would assert it", name, at)
				}
				walk(name, at+"/"+k, x)
			}
		case []any:
			for _, x := range v {
				walk(name, at+"/*", x)
			}
		}
	}
	for _, n := range Names() {
		data, _ := FS.ReadFile(n)
		walk(n, "", decode(string(data)))
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
