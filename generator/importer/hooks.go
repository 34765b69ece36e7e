package importer

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/model"
)

// scriptCommand is the one command form hooks.yaml renders: the quoted
// path of a script in hooks/.
var scriptCommand = lazyre.New(`^"\$\{CLAUDE_PLUGIN_ROOT\}/hooks/([A-Za-z0-9_][A-Za-z0-9._-]*)"$`)

// typedHooks returns hooks.yaml for a hooks.json that plugforge's typed
// hooks can express: command handlers that each run a script of hooks/
// (one of scripts) by its quoted path, with only the fields, and in the
// order, json/hooks.tmpl writes. ok is false for anything else; the file
// is then carried as written. Whether the typed form renders the same bytes
// is for the round-trip check to prove.
func typedHooks(data []byte, scripts map[string]bool) (string, bool) {
	doc, err := readJSON(string(data))
	if err != nil || doc.Value.Kind != model.JSONObjectKind || len(doc.Value.Fields) != 1 || doc.Value.Fields[0].Key != "hooks" {
		return "", false
	}
	events := doc.Value.Fields[0].Value
	if events.Kind != model.JSONObjectKind {
		return "", false
	}
	var b strings.Builder
	b.WriteString("# Imported by `plugforge import` from hooks/hooks.json: event, matcher\n# groups, and the script each handler runs from hooks/.\n")
	for _, ev := range events.Fields {
		if indexOf(model.HookEvents, ev.Key) < 0 || ev.Value.Kind != model.JSONArray || len(ev.Value.Items) == 0 {
			return "", false
		}
		fmt.Fprintf(&b, "%s:\n", ev.Key)
		for _, g := range ev.Value.Items {
			if !group(&b, g, scripts) {
				return "", false
			}
		}
	}
	return b.String(), true
}

func group(b *strings.Builder, g model.JSONValue, scripts map[string]bool) bool {
	if g.Kind != model.JSONObjectKind || !keysInOrder(g, "matcher", "hooks") {
		return false
	}
	lead := "  - "
	if m := field(g, "matcher"); m != nil {
		if m.Kind != model.JSONString || m.Text == "" {
			return false
		}
		fmt.Fprintf(b, "%smatcher: %s\n", lead, yqList(strings.Split(m.Text, "|")))
		lead = "    "
	}
	hs := field(g, "hooks")
	if hs == nil || hs.Kind != model.JSONArray || len(hs.Items) == 0 {
		return false
	}
	fmt.Fprintf(b, "%shooks:\n", lead)
	for _, h := range hs.Items {
		if h.Kind != model.JSONObjectKind || !keysInOrder(h, "type", "command", "args", "timeout", "statusMessage") {
			return false
		}
		typ, cmd := field(h, "type"), field(h, "command")
		if typ == nil || typ.Kind != model.JSONString || typ.Text != "command" || cmd == nil || cmd.Kind != model.JSONString {
			return false
		}
		m := scriptCommand.FindStringSubmatch(cmd.Text)
		if m == nil || !scripts[m[1]] {
			return false
		}
		fmt.Fprintf(b, "      - type: \"command\"\n        script: %s\n", yq(m[1]))
		if a := field(h, "args"); a != nil {
			var args []string
			for _, x := range a.Items {
				if x.Kind != model.JSONString {
					return false
				}
				args = append(args, x.Text)
			}
			if a.Kind != model.JSONArray || len(args) == 0 {
				return false
			}
			fmt.Fprintf(b, "        args: %s\n", yqList(args))
		}
		if t := field(h, "timeout"); t != nil {
			if t.Kind != model.JSONNumber || strings.ContainsAny(t.Text, ".eE-") || t.Text == "0" {
				return false
			}
			fmt.Fprintf(b, "        timeout: %s\n", t.Text)
		}
		if s := field(h, "statusMessage"); s != nil {
			if s.Kind != model.JSONString || s.Text == "" {
				return false
			}
			fmt.Fprintf(b, "        status_message: %s\n", yq(s.Text))
		}
	}
	return true
}

// keysInOrder reports that v's keys are among want, in want's order.
func keysInOrder(v model.JSONValue, want ...string) bool {
	for _, f := range v.Fields {
		i := indexOf(want, f.Key)
		if i < 0 {
			return false
		}
		want = want[i+1:]
	}
	return true
}

func field(v model.JSONValue, key string) *model.JSONValue {
	for i := range v.Fields {
		if v.Fields[i].Key == key {
			return &v.Fields[i].Value
		}
	}
	return nil
}
