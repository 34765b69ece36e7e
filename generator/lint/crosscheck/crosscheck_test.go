package crosscheck

import "testing"

// The text report of claude 2.1.197 (it has no --json).
const text = `Validating plugin manifest: /p/.claude-plugin/plugin.json

✘ Found 2 errors:

  ❯ name: Plugin name cannot contain spaces. Use kebab-case (e.g., "my-plugin")
  ❯ version: Invalid input: expected string, received number

⚠ Found 1 warning:

  ❯ foo: Unknown field 'foo'. Claude Code ignores it at load time.

Validating hooks: /p/hooks/hooks.json

✘ Found 1 error:

  ❯ hooks.BeforeToolUse: Invalid key in record

✘ Validation failed
`

func TestParseText(t *testing.T) {
	items := parseText([]byte(text))
	if len(items) != 4 {
		t.Fatalf("%d items: %+v", len(items), items)
	}
	want := Item{File: "/p/hooks/hooks.json", Kind: "hooks", Severity: "error", Path: "hooks.BeforeToolUse", Message: "Invalid key in record"}
	if items[3] != want || items[0].Kind != "plugin" || items[2].Severity != "warning" {
		t.Errorf("%+v", items)
	}
	missed := Missed(items, map[string]bool{"/p/.claude-plugin/plugin.json": true})
	if len(missed) != 1 || missed[0].File != "/p/hooks/hooks.json" {
		t.Errorf("missed %+v", missed)
	}
}

func TestParseJSON(t *testing.T) {
	items, err := parseJSON([]byte(`{"success": false, "manifest": {"file": "/p/.claude-plugin/plugin.json", "type": "plugin",
		"errors": [{"path": "name", "message": "bad", "code": null}], "warnings": [], "notes": []},
		"contents": [{"file": "/p/hooks/hooks.json", "type": "hooks", "errors": [], "warnings": [{"path": "hooks", "message": "w"}], "notes": ["n"]}]}`))
	if err != nil || len(items) != 2 || items[0].Severity != "error" || items[1].File != "/p/hooks/hooks.json" {
		t.Fatalf("%v %+v", err, items)
	}
}
