package schemas

import (
	"encoding/json"
	"strings"
	"sync"
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

// Schemas that $ref each other compile in one lane (one compiler), and
// the two groups lint validates side by side in two.
func TestLanesFollowTheRefs(t *testing.T) {
	l := lanes()
	same := func(a, b string) bool { return l[a] != nil && l[a] == l[b] }
	for _, n := range []string{"hooks.schema.json", "mcp.schema.json", "lsp.schema.json", "marketplace.schema.json"} {
		if !same("plugin.schema.json", n) {
			t.Errorf("%s is not in plugin.schema.json's lane", n)
		}
	}
	for _, n := range []string{"agent.schema.json", "skill.schema.json"} {
		if !same("command.schema.json", n) {
			t.Errorf("%s is not in command.schema.json's lane", n)
		}
	}
	if same("plugin.schema.json", "command.schema.json") {
		t.Error("plugin.schema.json and command.schema.json share a lane: they would compile one after the other")
	}
}

// Concurrent first uses of schemas of both lanes agree (run with -race).
func TestConcurrentValidate(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := 0; i < 16; i++ {
		n := []string{"plugin.schema.json", "command.schema.json", "agent.schema.json", "hooks.schema.json"}[i%4]
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Validate(n, map[string]any{}); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
