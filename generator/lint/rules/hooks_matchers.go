package rules

import (
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/model"
)

// hooksMatcherRules check matchers: on events that take none, as regular
// expressions, against the values an event sends.
func hooksMatcherRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "HK004", Alias: "hook-matcher-ignored", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
			Title: "matcher on an event that has no matcher",
			Doc: lint.Doc{Why: `UserPromptSubmit, Stop, TeammateIdle, TaskCreated, TaskCompleted, WorktreeCreate,
WorktreeRemove, PostToolBatch, MessageDisplay and CwdChanged ignore "matcher": the hook runs on
every occurrence, whatever the matcher says.`,
				Bad:         `{"Stop": [{"matcher": "Bash", "hooks": [...]}]}`,
				Good:        `{"Stop": [{"hooks": [...]}]}`,
				Checked:     "2.1.328",
				Consequence: "The matcher is ignored and the hook runs on every event of its kind; usually harmless, sometimes not what was meant."},
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
			Doc: lint.Doc{Why: `A matcher with characters beyond names, "|" and "," is a JavaScript regular
expression. One that does not compile (an unbalanced "(" or "[") matches nothing, so the hook
never runs.`,
				Bad:         `"matcher": "Bash(git"`,
				Good:        `"matcher": "Bash|Edit"`,
				Checked:     "2.1.328",
				Consequence: "The matcher is not a valid regular expression, so the hook never fires."},
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
			Doc: lint.Doc{Why: `SessionStart, Setup, SessionEnd, PreCompact and PostCompact match a closed set of
values (SessionStart: startup, resume, clear, compact, fork). A name outside the set never
matches.`,
				Bad:         `{"SessionStart": [{"matcher": "startup|boot", ...}]}`,
				Good:        `{"SessionStart": [{"matcher": "startup|resume", ...}]}`,
				Checked:     "2.1.328",
				Consequence: "The hook never fires for that value; a likely mistake."},
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
		{
			ID: "HK013", Alias: "hook-session-start-compact", Family: famHooks, Severity: lint.Info, Kinds: hookKinds,
			Title: "SessionStart hook that also runs after compaction",
			Doc: lint.Doc{Why: `SessionStart fires with "compact" after every auto-compaction. A hook without a
matcher (or with "*" or "compact") re-injects its context into a conversation whose summary
already has it, costing tokens every time (iflow's design document 000, component 10, removes
compact from every SessionStart matcher).`,
				Bad:         `{"SessionStart": [{"hooks": [...]}]}`,
				Good:        `{"SessionStart": [{"matcher": "startup|resume|clear", "hooks": [...]}]}`,
				Checked:     "2.1.328",
				Consequence: "The hook also runs after every compaction; worth knowing, so info."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, g := range facts.Hooks.Of(pass, pass.File).Groups {
					if g.Event != "SessionStart" {
						continue
					}
					all := !g.HasMatch || g.Matcher == "" || g.Matcher == "*"
					named := exactMatcher(g.Matcher) && contains(matcherNames(g.Matcher), "compact")
					if all || named || !exactMatcher(g.Matcher) && regexMatches(g.Matcher, "compact") {
						pass.Reportf(jsonLoc(pass.File, g.GroupPtr), `set "matcher": "startup|resume|clear"`,
							"SessionStart hook also runs after every compaction")
					}
				}
			},
		},
	}
}

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

// regexMatches reports whether a (valid) matcher regex matches s.
func regexMatches(re, s string) bool {
	r, err := regexp.Compile(re)
	return err == nil && r.MatchString(s)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
