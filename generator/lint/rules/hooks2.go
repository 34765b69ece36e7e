package rules

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

var hooksRules2 = []lint.Rule{
	{
		ID: "HK007", Alias: "hook-script-missing", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "hook command that runs a plugin file that does not exist",
		Doc: doc(`A hook running "${CLAUDE_PLUGIN_ROOT}/hooks/x.sh" fails every time when the file is
not shipped (a typo, a rename, a file left out of the build). "claude plugin validate" does
not look.`, `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/chek.sh\""`, `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Commands() {
				for _, s := range h.Cmd.Scripts() {
					if !escapes(s.Rel) && pass.Plugin.File(s.Rel) == nil {
						pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), "fix the path or add the file",
							"hook command runs %q, which the plugin does not ship", s.Rel)
					}
				}
			}
		},
	},
	{
		ID: "HK008", Alias: "hook-script-not-executable", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "hook script run directly but not executable",
		Doc: doc(`A script run as a program ("${CLAUDE_PLUGIN_ROOT}/hooks/x.sh") needs the execute
bit, or the hook fails with "permission denied". Either chmod +x it (and commit the mode), or
run it through its interpreter ("bash \"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh\"").`,
			"-rw-r--r-- hooks/check.sh   run as \"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\"", "-rwxr-xr-x hooks/check.sh"),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Commands() {
				for _, s := range h.Cmd.Scripts() {
					if f := pass.Plugin.File(s.Rel); s.Direct && f != nil && f.IsRegular() && f.Mode&0o111 == 0 {
						pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), "chmod +x the script, or run it through its interpreter",
							"hook runs %q directly but it is not executable", s.Rel)
					}
				}
			}
		},
	},
	{
		ID: "HK009", Alias: "hook-script-shebang", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
		Title: "hook script run directly without a #! line",
		Doc: doc(`A script run as a program needs a "#!" line to name its interpreter; without one
the result depends on the calling shell (and fails outright from a non-shell parent).`,
			"hooks/check.sh:\nset -e\n...", "hooks/check.sh:\n#!/usr/bin/env bash\nset -e\n..."),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Commands() {
				for _, s := range h.Cmd.Scripts() {
					if f := pass.Plugin.File(s.Rel); s.Direct && f != nil && f.Readable() && !bytes.HasPrefix(f.Data, []byte("#!")) {
						pass.Reportf(f.Line(1), "add a first line such as #!/usr/bin/env bash",
							"hook script %q has no #! line", s.Rel)
					}
				}
			}
		},
	},
	{
		ID: "HK012", Alias: "hook-timeout-implausible", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
		Options: []lint.Option{{Name: "max", Default: 900, Doc: "largest plausible timeout, in seconds"}},
		Title:   "hook timeout that looks like milliseconds",
		Doc: doc(`Hook timeouts are in seconds (default 600 for commands). 30000 is over eight hours:
almost always milliseconds by mistake, and a hung hook then blocks the session.`,
			`"timeout": 30000`, `"timeout": 30`),
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
		ID: "HK013", Alias: "hook-session-start-compact", Family: famHooks, Severity: lint.Info, Kinds: hookKinds,
		Title: "SessionStart hook that also runs after compaction",
		Doc: doc(`SessionStart fires with "compact" after every auto-compaction. A hook without a
matcher (or with "*" or "compact") re-injects its context into a conversation whose summary
already has it, costing tokens every time (iflow's design document 000, component 10, removes
compact from every SessionStart matcher).`,
			`{"SessionStart": [{"hooks": [...]}]}`, `{"SessionStart": [{"matcher": "startup|resume|clear", "hooks": [...]}]}`),
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
	{
		ID: "HK014", Alias: "hook-if-ignored", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: `"if" on a hook whose event is not a tool event`,
		Doc: doc(`"if" holds a permission rule that is evaluated only on PreToolUse, PostToolUse,
PostToolUseFailure, PermissionRequest and PermissionDenied. On any other event a hook with
"if" never runs.`, `{"Stop": [{"hooks": [{"type": "command", "if": "Bash(git *)", ...}]}]}`,
			`{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "if": "Bash(git *)", ...}]}]}`),
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
		ID: "HK015", Alias: "hook-command-empty", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "command hook with an empty command",
		Doc: doc(`An empty command runs nothing, but the hook still costs a process start and
reads as protection that is not there.`, `{"type": "command", "command": ""}`, `{"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""}`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Handlers {
				if s, ok := facts.Str(h.H["command"]); ok && h.Type == "command" && strings.TrimSpace(s) == "" {
					pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), "write the command, or remove the hook", "hook under %s has an empty command", h.Event)
				}
			}
		},
	},
}

// regexMatches reports whether a (valid) matcher regex matches s.
func regexMatches(re, s string) bool {
	r, err := regexp.Compile(re)
	return err == nil && r.MatchString(s)
}
