package rules

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
)

var hooksRules = []lint.Rule{
	{
		ID: "HK001", Alias: "hook-event-unknown", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "hook under an event name Claude Code does not have",
		Doc: doc(`Event names are case-sensitive and come from a fixed list (PreToolUse, Stop,
SessionStart, …). Hooks under any other key never run; Claude Code 2.1.197 rejects the file,
2.1.328 warns and ignores the entry.`,
			`{"hooks": {"preToolUse": [...]}}`, `{"hooks": {"PreToolUse": [...]}}`),
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
		Doc: doc(`A hooks file holds its events under a "hooks" key (or hooks "modules"). Events
written at the top level are not read: the file loads no hooks, and for PreToolUse guards
Claude Code refuses the plugin.`,
			`{"PreToolUse": [...]}`, `{"hooks": {"PreToolUse": [...]}}`),
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
		ID: "HK003", Alias: "hook-root-unquoted", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
		Title: "shell-form hook command with an unquoted ${CLAUDE_PLUGIN_ROOT}",
		Doc: doc(`Plugins are installed under the user's home directory, which may contain a space.
Unquoted, "${CLAUDE_PLUGIN_ROOT}/hooks/check.sh" splits into two words and the hook fails.
The same holds for ${CLAUDE_PLUGIN_DATA} and ${CLAUDE_PROJECT_DIR}. Quote the placeholder, or
use the exec form (command + args), which has no shell.`,
			`"command": "${CLAUDE_PLUGIN_ROOT}/hooks/check.sh"`, `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Commands() {
				if h.Cmd.Exec {
					continue
				}
				if vars := unquotedVars(h.Cmd.AST); len(vars) > 0 {
					pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), `wrap the placeholder in double quotes: "\"${CLAUDE_PLUGIN_ROOT}/…\""`,
						"hook command %s uses %s without quotes", lint.Quote(h.Cmd.Text), strings.Join(vars, ", "))
				}
			}
		},
	},
	{
		ID: "HK004", Alias: "hook-matcher-ignored", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
		Title: "matcher on an event that has no matcher",
		Doc: doc(`UserPromptSubmit, Stop, TeammateIdle, TaskCreated, TaskCompleted, WorktreeCreate,
WorktreeRemove, PostToolBatch, MessageDisplay and CwdChanged ignore "matcher": the hook runs on
every occurrence, whatever the matcher says.`,
			`{"Stop": [{"matcher": "Bash", "hooks": [...]}]}`, `{"Stop": [{"hooks": [...]}]}`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, g := range facts.Hooks.Of(pass, pass.File).Groups {
				if g.HasMatch && g.Matcher != "" && g.Matcher != "*" && model.EventsWithoutMatcher[g.Event] {
					pass.Reportf(jsonLoc(pass.File, g.GroupPtr+"/matcher"), "remove the matcher",
						"%s takes no matcher; %q is ignored and the hook runs every time", g.Event, g.Matcher)
				}
			}
		},
	},
	{
		ID: "HK005", Alias: "hook-matcher-regex", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "matcher that is not a valid regular expression",
		Doc: doc(`A matcher with characters beyond names, "|" and "," is a JavaScript regular
expression. One that does not compile (an unbalanced "(" or "[") matches nothing, so the hook
never runs.`,
			`"matcher": "Bash(git"`, `"matcher": "Bash|Edit"`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, g := range facts.Hooks.Of(pass, pass.File).Groups {
				if !g.HasMatch || g.Matcher == "*" || exactMatcher(g.Matcher) || jsOnlyRegex(g.Matcher) {
					continue
				}
				if _, err := regexp.Compile(g.Matcher); err != nil {
					pass.Reportf(jsonLoc(pass.File, g.GroupPtr+"/matcher"), "fix the regular expression",
						"matcher %q is not a valid regular expression: %s", g.Matcher, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
				}
			}
		},
	},
	{
		ID: "HK006", Alias: "hook-matcher-value", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
		Title: "matcher value the event never sends",
		Doc: doc(`SessionStart, Setup, SessionEnd, PreCompact and PostCompact match a closed set of
values (SessionStart: startup, resume, clear, compact, fork). A name outside the set never
matches.`, `{"SessionStart": [{"matcher": "startup|boot", ...}]}`, `{"SessionStart": [{"matcher": "startup|resume", ...}]}`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, g := range facts.Hooks.Of(pass, pass.File).Groups {
				allowed, closed := model.EventMatcherValues[g.Event]
				if !closed || !g.HasMatch || !exactMatcher(g.Matcher) {
					continue
				}
				for _, n := range matcherNames(g.Matcher) {
					if !contains(allowed, n) {
						pass.Reportf(jsonLoc(pass.File, g.GroupPtr+"/matcher"), "use one of "+strings.Join(allowed, ", "),
							"%s never sends matcher value %q", g.Event, n)
					}
				}
			}
		},
	},
}

// unquotedVars lists the path placeholders a shell command expands outside
// double quotes (word-split by the shell).
func unquotedVars(sf *syntax.File) []string {
	if sf == nil {
		return nil
	}
	quoted := map[*syntax.ParamExp]bool{}
	syntax.Walk(sf, func(n syntax.Node) bool {
		if dq, ok := n.(*syntax.DblQuoted); ok {
			for _, p := range dq.Parts {
				if pe, ok := p.(*syntax.ParamExp); ok {
					quoted[pe] = true
				}
			}
		}
		return true
	})
	seen := map[string]bool{}
	var out []string
	syntax.Walk(sf, func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		if !ok || quoted[pe] || pe.Param == nil {
			return true
		}
		switch name := pe.Param.Value; name {
		case "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA", "CLAUDE_PROJECT_DIR":
			if !seen[name] {
				seen[name] = true
				out = append(out, "${"+name+"}")
			}
		}
		return true
	})
	return out
}

// jsOnlyRegex reports JavaScript regex syntax RE2 lacks (lookaround,
// backreferences), which Go cannot judge.
func jsOnlyRegex(s string) bool {
	for _, t := range []string{"(?=", "(?!", "(?<=", "(?<!", `\k<`} {
		if strings.Contains(s, t) {
			return true
		}
	}
	return regexp.MustCompile(`\\[1-9]`).MatchString(s)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
