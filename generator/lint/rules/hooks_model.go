package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
)

// hookHandler is one handler of a hooks file or of plugin.json's inline
// hooks, with where it sits.
type hookHandler struct {
	File     *snapshot.File
	Event    string
	EventPtr string
	GroupPtr string
	Matcher  string
	HasMatch bool
	Ptr      string
	H        map[string]any
	Type     string
	Command  string
	Args     []string
	Exec     bool // "args" given: exec form, no shell
}

// eventMaps returns the event → groups objects a file declares, with the
// pointer of each.
func eventMaps(f *snapshot.File) map[string]map[string]any {
	out := map[string]map[string]any{}
	root := obj(f.JSON().Value)
	switch f.Kind {
	case snapshot.KindHooks:
		if m := obj(root["hooks"]); m != nil {
			out["/hooks"] = m
		}
	case snapshot.KindManifest:
		switch v := root["hooks"].(type) {
		case map[string]any:
			out["/hooks"] = v
		case []any:
			for i, e := range v {
				if m := obj(e); m != nil {
					out[fmt.Sprintf("/hooks/%d", i)] = m
				}
			}
		}
	}
	return out
}

// events lists (pointer, name, groups) for every event key, in file order.
type eventEntry struct {
	Ptr, Name string
	Groups    []any
}

func hookEvents(f *snapshot.File) []eventEntry {
	var out []eventEntry
	for base, m := range eventMaps(f) {
		for name, v := range m {
			out = append(out, eventEntry{snapshot.Pointer(base, name), name, arr(v)})
		}
	}
	j := f.JSON()
	sort.Slice(out, func(a, b int) bool { return j.KeyOffset(out[a].Ptr) < j.KeyOffset(out[b].Ptr) })
	return out
}

// hookHandlers lists every handler object of a file, in file order.
func hookHandlers(f *snapshot.File) []hookHandler {
	return f.Memo("hooks", func() any {
		var out []hookHandler
		for _, ev := range hookEvents(f) {
			for gi, g := range ev.Groups {
				group := obj(g)
				gptr := fmt.Sprintf("%s/%d", ev.Ptr, gi)
				m, hasM := str(group["matcher"])
				for hi, h := range arr(group["hooks"]) {
					hm := obj(h)
					if hm == nil {
						continue
					}
					hh := hookHandler{File: f, Event: ev.Name, EventPtr: ev.Ptr, GroupPtr: gptr, Matcher: m, HasMatch: hasM,
						Ptr: fmt.Sprintf("%s/hooks/%d", gptr, hi), H: hm}
					hh.Type, _ = str(hm["type"])
					hh.Command, _ = str(hm["command"])
					if a, ok := hm["args"].([]any); ok {
						hh.Exec = true
						for _, x := range a {
							s, _ := str(x)
							hh.Args = append(hh.Args, s)
						}
					}
					out = append(out, hh)
				}
			}
		}
		return out
	}).([]hookHandler)
}

// commandHandlers lists the handlers of type command that have a command.
func commandHandlers(f *snapshot.File) []hookHandler {
	var out []hookHandler
	for _, h := range hookHandlers(f) {
		if h.Type == "command" && h.Command != "" {
			out = append(out, h)
		}
	}
	return out
}

func isHookEvent(s string) bool {
	for _, e := range model.HookEvents {
		if e == s {
			return true
		}
	}
	return false
}

// suggestEvent finds the event a misspelt name most likely meant.
func suggestEvent(s string) string {
	for _, e := range model.HookEvents {
		if strings.EqualFold(e, s) {
			return e
		}
	}
	return ""
}

// toolEvents are the events whose matcher is a tool name and where "if" works.
var toolEvents = map[string]bool{"PreToolUse": true, "PostToolUse": true, "PostToolUseFailure": true,
	"PermissionRequest": true, "PermissionDenied": true}

// exactMatcher reports whether a matcher is a list of exact names (only
// letters, digits, _, -, space, comma and |) rather than a regex.
func exactMatcher(m string) bool {
	for _, r := range m {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_- ,|", r)) {
			return false
		}
	}
	return true
}

func matcherNames(m string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var hookKinds = kinds(snapshot.KindHooks, snapshot.KindManifest)
