package rules

import (
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
)

var (
	skillCallRE = regexp.MustCompile(`\bSkill\(\s*["']?([A-Za-z0-9_.:-]+)["']?\s*\)`)
	rootRefRE   = regexp.MustCompile(`\$\{CLAUDE_PLUGIN_ROOT\}/([A-Za-z0-9_./-]+)`)
)

// builtinAgents are subagent types Claude Code itself provides.
var builtinAgents = map[string]bool{"general-purpose": true, "Explore": true, "Plan": true,
	"statusline-setup": true, "output-style-setup": true, "claude-code-guide": true}

// componentExists reports whether name is a command, skill or agent of p.
func componentExists(c *snapshot.Components, name string) bool {
	return c.Command(name) != nil || c.Skill(name) != nil || c.Agent(name) != nil
}

// similarPrefix reports whether two plugin names look like variants of one
// another (iflow and iflow-dev).
func similarPrefix(a, b string) bool {
	return a != b && (strings.HasPrefix(a, b+"-") || strings.HasPrefix(b, a+"-"))
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
