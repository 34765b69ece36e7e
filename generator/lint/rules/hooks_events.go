package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
)

// hooksEventRules check hook events and the handler fields that depend on
// them: the "hooks" wrapper, event names, timeouts and "if".
func hooksEventRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "HK001", Alias: "hook-event-unknown", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
			Title: "hook under an event name Claude Code does not have",
			Doc: lint.Doc{Why: `Event names are case-sensitive and come from a fixed list (PreToolUse, Stop,
SessionStart, …). Hooks under any other key never run; Claude Code 2.1.197 rejects the file,
2.1.328 warns and ignores the entry.`,
				Bad:         `{"hooks": {"preToolUse": [...]}}`,
				Good:        `{"hooks": {"PreToolUse": [...]}}`,
				Checked:     "2.1.328",
				Consequence: "The entry is ignored at run time: the hook never fires."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, ev := range facts.Hooks.Of(pass, pass.File).Events {
					if isHookEvent(ev.Name) {
						continue
					}
					hint := "use one of the events listed by the Claude Code hooks reference"
					if s := suggestEvent(ev.Name); s != "" {
						hint = fmt.Sprintf("rename it to %q", s)
					} else if ev.Name == "hooks" {
						hint = `remove the extra "hooks" wrapper`
					}
					pass.Reportf(keyLoc(pass.File, ev.Ptr), hint, "hook event %q does not exist; its hooks never run", ev.Name)
				}
			},
		},
		{
			ID: "HK002", Alias: "hooks-wrapper-missing", Family: famHooks, Severity: lint.Error, Kinds: kinds(snapshot.KindHooks),
			Title: `hooks file without the top-level "hooks" object`,
			Doc: lint.Doc{Why: `A hooks file holds its events under a "hooks" key (or hooks "modules"). Events
written at the top level are not read: the file loads no hooks, and for PreToolUse guards
Claude Code refuses the plugin.`,
				Bad:         `{"PreToolUse": [...]}`,
				Good:        `{"hooks": {"PreToolUse": [...]}}`,
				Checked:     "2.1.328",
				Consequence: "The validator refuses the file (or the loader finds no hooks in it): no hook in it fires."},
			Check: func(pass *lint.Pass) {
				root := facts.Obj(pass.File.JSON().Value)
				if root == nil {
					return
				}
				_, h := root["hooks"]
				_, m := root["modules"]
				if h || m {
					return
				}
				var evs []string
				for k := range root {
					if isHookEvent(k) {
						evs = append(evs, k)
					}
				}
				sort.Strings(evs)
				msg := "hooks file has no \"hooks\" object; it loads no hooks"
				if len(evs) > 0 {
					msg = fmt.Sprintf("hooks file declares %s outside the \"hooks\" object; they never run", strings.Join(evs, ", "))
				}
				pass.Reportf(jsonLoc(pass.File, ""), `wrap the events in {"hooks": {…}}`, "%s", msg)
			},
		},
		{
			ID: "HK012", Alias: "hook-timeout-implausible", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
			Options: []lint.Option{{Name: "max", Default: 900, Doc: "largest plausible timeout, in seconds"}},
			Title:   "hook timeout that looks like milliseconds",
			Doc: lint.Doc{Why: `Hook timeouts are in seconds (default 600 for commands). 30000 is over eight hours:
almost always milliseconds by mistake, and a hung hook then blocks the session.`,
				Bad:         `"timeout": 30000`,
				Good:        `"timeout": 30`,
				Checked:     "2.1.328",
				Consequence: "The hook almost certainly gets a far longer timeout than meant; a likely mistake."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				max := float64(pass.Int("max"))
				for _, h := range facts.Hooks.Of(pass, pass.File).Handlers {
					if t, ok := facts.Num(h.H["timeout"]); ok && t > max {
						hint := "give the timeout in seconds"
						if t >= 1000 {
							hint = fmt.Sprintf("give the timeout in seconds (%g?)", t/1000)
						}
						pass.Reportf(jsonLoc(pass.File, h.Ptr+"/timeout"), hint, "hook timeout %g s is over %g s; timeouts are in seconds", t, max)
					}
				}
			},
		},
		{
			ID: "HK014", Alias: "hook-if-ignored", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
			Title: `"if" on a hook whose event is not a tool event`,
			Doc: lint.Doc{Why: `"if" holds a permission rule that is evaluated only on PreToolUse, PostToolUse,
PostToolUseFailure, PermissionRequest and PermissionDenied. On any other event a hook with
"if" never runs.`,
				Bad:         `{"Stop": [{"hooks": [{"type": "command", "if": "Bash(git *)", ...}]}]}`,
				Good:        `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "if": "Bash(git *)", ...}]}]}`,
				Checked:     "2.1.328",
				Consequence: "The hook never runs: if is evaluated only on tool events."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, h := range facts.Hooks.Of(pass, pass.File).Handlers {
					if _, ok := h.H["if"]; ok && isHookEvent(h.Event) && !toolEvents[h.Event] {
						pass.Reportf(keyLoc(pass.File, h.Ptr+"/if"), `remove "if", or move the hook to a tool event`,
							"hook under %s has \"if\"; it never runs", h.Event)
					}
				}
			},
		},
		{
			ID: "HK020", Alias: "hook-if-syntax", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
			Title: `hook "if" that is not a permission rule`,
			Doc: lint.Doc{Why: `"if" takes a permission rule: a tool name with an optional pattern, e.g.
Bash(git push:*) or Edit(*.go). Anything else never matches and the hook never runs.`,
				Bad:         `"if": "tool == Bash"`,
				Good:        `"if": "Bash(git push:*)"`,
				Checked:     "2.1.328",
				Consequence: "The if rule is not a permission rule, so it likely never matches; a likely mistake."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, h := range facts.Hooks.Of(pass, pass.File).Handlers {
					s, ok := facts.Str(h.H["if"])
					if !ok {
						continue
					}
					if !ifRuleRE.MatchString(s) || toolProblem(s, nil) != "" {
						pass.Reportf(jsonLoc(pass.File, h.Ptr+"/if"), "write a permission rule such as Bash(git push:*)",
							"hook \"if\" %q is not a permission rule", s)
					}
				}
			},
		},
	}
}

var hookKinds = kinds(snapshot.KindHooks, snapshot.KindManifest)

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

var ifRuleRE = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*(\(.*\))?$`)
