package model

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Hooks is plugin-src/hooks/hooks.yaml: event → matcher groups → handlers.
// It renders to hooks/hooks.json through one template.
type Hooks struct {
	Events []EventHooks
}

// EventHooks is the list of matcher groups under one event.
type EventHooks struct {
	Event  HookEvent
	Groups []MatcherGroup
}

// MatcherGroup is one entry of an event's array.
type MatcherGroup struct {
	// Matcher lists exact values joined with "|" when rendered; empty means all.
	Matcher []string  `yaml:"matcher,omitempty"`
	Hooks   []Handler `yaml:"hooks" pf:"required"`
	line    int
}

// Handler runs one hook. Script names a file under plugin-src/hooks/ and is
// rendered as a quoted "${CLAUDE_PLUGIN_ROOT}" path.
type Handler struct {
	Type          HandlerType `yaml:"type" pf:"required"`
	Script        string      `yaml:"script" pf:"required"`
	Args          []string    `yaml:"args,omitempty"`
	Timeout       int         `yaml:"timeout,omitempty"`
	StatusMessage string      `yaml:"status_message,omitempty"`
	line          int         // of the script value, for messages
}

// Line is the hooks.yaml line of the handler's script, 0 if unknown.
func (h Handler) Line() int { return h.line }

// scriptName is what a hook script may be called: the command is rendered
// as the shell word "${CLAUDE_PLUGIN_ROOT}/hooks/<script>", so a path, a
// quote or a "$" would reach outside the plugin or out of the quotes.
var scriptName = lazyre.New(`^[A-Za-z0-9_][A-Za-z0-9._-]*$`)

// checkScripts rejects script values that are not plain file names and
// records the line of each, for the existence check in generator/source.
func checkScripts(g MatcherGroup, n *yaml.Node) error {
	handlers := mapValue(n, "hooks")
	for i := range g.Hooks {
		line := n.Line
		if handlers != nil && handlers.Kind == yaml.SequenceNode && i < len(handlers.Content) {
			line = resolve(handlers.Content[i]).Line
			if sv := mapValue(handlers.Content[i], "script"); sv != nil {
				line = sv.Line
			}
		}
		g.Hooks[i].line = line
		if s := g.Hooks[i].Script; !scriptName.MatchString(s) {
			return &PosError{Line: line, Msg: fmt.Sprintf("hook script %q must be a file name in plugin-src/hooks/ (letters, digits, '.', '_', '-'), not a path", s)}
		}
	}
	return nil
}

func resolve(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

// mapValue returns the value under key in mapping n, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// YAMLShaper is implemented by types with a custom UnmarshalYAML, to tell
// the strict-key walk in generator/source what shape their YAML has.
type YAMLShaper interface{ YAMLShape() any }

// YAMLShape reports that hooks.yaml maps event names to matcher groups.
func (*Hooks) YAMLShape() any { return map[string][]MatcherGroup{} }

// MatcherString is the matcher as hooks.json writes it.
func (g MatcherGroup) MatcherString() string { return strings.Join(g.Matcher, "|") }

// HasMatcher reports whether the group filters at all.
func (g MatcherGroup) HasMatcher() bool { return len(g.Matcher) > 0 }

// UnmarshalYAML keeps events in the file's order but rejects duplicates,
// unknown events, and matchers that the event ignores or never sends.
func (h *Hooks) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return &PosError{Line: n.Line, Msg: "hooks must be a mapping of event names"}
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		var ev HookEvent
		if err := ev.UnmarshalYAML(k); err != nil {
			return err
		}
		if seen[k.Value] {
			return &PosError{Line: k.Line, Msg: fmt.Sprintf("hook event %q declared twice", k.Value)}
		}
		seen[k.Value] = true
		if v.Kind == yaml.AliasNode && v.Alias != nil { // "Stop: *groups"
			v = v.Alias
		}
		var groups []MatcherGroup
		if err := v.Decode(&groups); err != nil {
			return err
		}
		for gi := range groups {
			if gi >= len(v.Content) {
				break
			}
			if err := checkMatcher(ev, groups[gi], v.Content[gi]); err != nil {
				return err
			}
			if err := checkScripts(groups[gi], v.Content[gi]); err != nil {
				return err
			}
		}
		h.Events = append(h.Events, EventHooks{Event: ev, Groups: groups})
	}
	return nil
}

func checkMatcher(ev HookEvent, g MatcherGroup, n *yaml.Node) error {
	if !g.HasMatcher() {
		return nil
	}
	if EventsWithoutMatcher[string(ev)] {
		return &PosError{Line: n.Line, Msg: fmt.Sprintf("%s takes no matcher; Claude Code would ignore %q", ev, g.MatcherString())}
	}
	allowed, closed := EventMatcherValues[string(ev)]
	if !closed {
		return nil
	}
	for _, m := range g.Matcher {
		ok := false
		for _, a := range allowed {
			ok = ok || m == a
		}
		if !ok {
			return &PosError{Line: n.Line, Msg: fmt.Sprintf("%s never sends matcher value %q (want one of %s)", ev, m, strings.Join(allowed, ", "))}
		}
	}
	return nil
}
