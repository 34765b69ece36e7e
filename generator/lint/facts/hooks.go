package facts

import (
	"fmt"
	"sort"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// HooksFile is the hooks a hooks file (or plugin.json's "hooks") declares:
// every event, matcher group and handler, in file order.
type HooksFile struct {
	Events   []HookEvent
	Groups   []HookGroup
	Handlers []HookHandler
}

// HookEvent is one event key with its matcher groups.
type HookEvent struct {
	Ptr, Name string
	Groups    []any
}

// HookGroup is one matcher group of an event.
type HookGroup struct {
	Event, GroupPtr, Matcher string
	HasMatch                 bool
}

// HookHandler is one handler, with where it sits.
type HookHandler struct {
	File     *snapshot.File
	Event    string
	EventPtr string
	GroupPtr string
	Matcher  string
	HasMatch bool
	Ptr      string
	H        map[string]any
	Type     string
	// Cmd is what the handler runs ("command", plus "args" for the exec
	// form); a command handler's shell form is parsed once, here.
	Cmd Command
}

// Commands lists the handlers of type command that have a command.
func (h *HooksFile) Commands() []HookHandler {
	var out []HookHandler
	for _, x := range h.Handlers {
		if x.Type == "command" && x.Cmd.Text != "" {
			out = append(out, x)
		}
	}
	return out
}

// ShellCommands lists the command handlers in shell form: a command line a
// shell runs, as opposed to the exec form (command plus args).
func (h *HooksFile) ShellCommands() []HookHandler {
	var out []HookHandler
	for _, x := range h.Commands() {
		if !x.Cmd.Exec {
			out = append(out, x)
		}
	}
	return out
}

// HookScript is a file of the plugin a command handler refers to.
type HookScript struct {
	Handler HookHandler
	ScriptRef
}

// Scripts lists the plugin files the command handlers run or read through
// ${CLAUDE_PLUGIN_ROOT}, in file order.
func (h *HooksFile) Scripts() []HookScript {
	var out []HookScript
	for _, x := range h.Commands() {
		for _, s := range x.Cmd.Scripts() {
			out = append(out, HookScript{x, s})
		}
	}
	return out
}

// Hooks is the hooks model of a hooks file or a plugin.json.
var Hooks = lint.NewFileAnalysis("hooks", "the events, matcher groups and handlers of a hooks file or plugin.json, with every shell command parsed",
	nil, func(_ *lint.Input, f *snapshot.File) *HooksFile {
		h := &HooksFile{Events: hookEvents(f)}
		for _, ev := range h.Events {
			for gi, g := range ev.Groups {
				group := Obj(g)
				gptr := fmt.Sprintf("%s/%d", ev.Ptr, gi)
				m, hasM := Str(group["matcher"])
				h.Groups = append(h.Groups, HookGroup{ev.Name, gptr, m, hasM})
				for hi, x := range Arr(group["hooks"]) {
					if hm := Obj(x); hm != nil {
						h.Handlers = append(h.Handlers, handler(f, ev, gptr, m, hasM, hi, hm))
					}
				}
			}
		}
		return h
	})

func handler(f *snapshot.File, ev HookEvent, gptr, m string, hasM bool, i int, hm map[string]any) HookHandler {
	hh := HookHandler{File: f, Event: ev.Name, EventPtr: ev.Ptr, GroupPtr: gptr, Matcher: m, HasMatch: hasM,
		Ptr: fmt.Sprintf("%s/hooks/%d", gptr, i), H: hm}
	hh.Type, _ = Str(hm["type"])
	text, _ := Str(hm["command"])
	var args []string
	a, exec := hm["args"].([]any)
	for _, x := range a {
		s, _ := Str(x)
		args = append(args, s)
	}
	if hh.Type == "command" && text != "" {
		hh.Cmd = NewCommand(text, args, exec)
	} else {
		hh.Cmd = Command{Text: text, Args: args, Exec: exec}
	}
	return hh
}

// eventMaps returns the event → groups objects a file declares, with the
// pointer of each.
func eventMaps(f *snapshot.File) map[string]map[string]any {
	out := map[string]map[string]any{}
	root := Obj(f.JSON().Value)
	switch f.Kind {
	case snapshot.KindHooks:
		if m := Obj(root["hooks"]); m != nil {
			out["/hooks"] = m
		}
	case snapshot.KindManifest:
		switch v := root["hooks"].(type) {
		case map[string]any:
			out["/hooks"] = v
		case []any:
			for i, e := range v {
				if m := Obj(e); m != nil {
					out[fmt.Sprintf("/hooks/%d", i)] = m
				}
			}
		}
	}
	return out
}

// hookEvents lists every event key, in file order.
func hookEvents(f *snapshot.File) []HookEvent {
	var out []HookEvent
	for base, m := range eventMaps(f) {
		for name, v := range m {
			out = append(out, HookEvent{snapshot.Pointer(base, name), name, Arr(v)})
		}
	}
	j := f.JSON()
	sort.Slice(out, func(a, b int) bool { return j.KeyOffset(out[a].Ptr) < j.KeyOffset(out[b].Ptr) })
	return out
}
