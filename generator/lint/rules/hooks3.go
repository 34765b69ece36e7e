package rules

import (
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var pluginVarRE = regexp.MustCompile(`\$\{?(CLAUDE_PLUGIN_[A-Z0-9_]+|PLUGIN_ROOT|PLUGIN_DIR|CLAUDE_PLUGIN_PATH)\b`)

var ifRuleRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\(.*\))?$`)

var hooksRules3 = []lint.Rule{
	{
		ID: "HK016", Alias: "hook-relative-path", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "hook command that runs a script by a relative path",
		Doc: doc(`Hook commands run in the user's project directory, not in the plugin. A relative
path such as ./hooks/check.sh or scripts/x.py points into the user's project and fails (or
runs the project's file of that name). Prefix plugin files with "${CLAUDE_PLUGIN_ROOT}".`,
			`"command": "bash hooks/check.sh"`, `"command": "bash \"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Commands() {
				if rel := h.Cmd.RelativeScript(); rel != "" {
					pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), `prefix the path with "${CLAUDE_PLUGIN_ROOT}/"`,
						"hook command runs %q relative to the user's project, not the plugin", rel)
				}
			}
		},
	},
	{
		ID: "HK017", Alias: "hook-duplicate", Family: famHooks, Severity: lint.Warning,
		Title: "the same hook command registered twice for one event and matcher",
		Doc: doc(`Hooks from hooks/hooks.json, other hooks files and plugin.json are merged; the same
command twice under one event and matcher runs twice on every event.`,
			`{"Stop": [{"hooks": [{"type": "command", "command": "x"}, {"type": "command", "command": "x"}]}]}`,
			`{"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			seen := map[string]bool{}
			for _, f := range pass.Plugin.OfKind(snapshot.KindHooks, snapshot.KindManifest) {
				for _, h := range facts.Hooks.Of(pass, f).Commands() {
					k := h.Event + "\x00" + h.Matcher + "\x00" + h.Cmd.Text + "\x00" + strings.Join(h.Cmd.Args, "\x00")
					if seen[k] {
						pass.Reportf(jsonLoc(f, h.Ptr), "remove one of the two", "hook command %s is registered twice under %s", lint.Quote(h.Cmd.Text), h.Event)
					}
					seen[k] = true
				}
			}
		},
	},
	{
		ID: "HK018", Alias: "hook-plugin-variable-unknown", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "hook command using a plugin variable Claude Code does not set",
		Doc: doc(`Claude Code sets CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA and, for userConfig values,
CLAUDE_PLUGIN_OPTION_<KEY>. Names such as CLAUDE_PLUGIN_DIR or PLUGIN_ROOT expand to nothing
and the command runs "/hooks/x.sh" from the file-system root.`,
			`"command": "\"${CLAUDE_PLUGIN_DIR}/hooks/x.sh\""`, `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh\""`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Commands() {
				for _, s := range append([]string{h.Cmd.Text}, h.Cmd.Args...) {
					for _, m := range pluginVarRE.FindAllStringSubmatch(s, -1) {
						name := m[1]
						if name == "CLAUDE_PLUGIN_ROOT" || name == "CLAUDE_PLUGIN_DATA" || strings.HasPrefix(name, "CLAUDE_PLUGIN_OPTION_") {
							continue
						}
						pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), "use ${CLAUDE_PLUGIN_ROOT} (or ${CLAUDE_PLUGIN_DATA})",
							"hook command uses $%s, which Claude Code does not set", name)
					}
				}
			}
		},
	},
	{
		ID: "HK019", Alias: "hook-command-syntax", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
		Title: "shell-form hook command that is not valid shell",
		Doc: doc(`A shell-form command is run by a shell; an unbalanced quote or parenthesis makes
every run fail with a syntax error.`, `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh"`, `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh\""`),
		Requires: []lint.Analyzer{facts.Hooks},
		Check: func(pass *lint.Pass) {
			for _, h := range facts.Hooks.Of(pass, pass.File).Commands() {
				if h.Cmd.Exec {
					continue
				}
				if err := h.Cmd.Err; err != nil {
					pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), "fix the quoting of the command",
						"hook command %s is not valid shell: %s", lint.Quote(h.Cmd.Text), err)
				}
			}
		},
	},
	{
		ID: "HK020", Alias: "hook-if-syntax", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
		Title: `hook "if" that is not a permission rule`,
		Doc: doc(`"if" takes a permission rule: a tool name with an optional pattern, e.g.
Bash(git push:*) or Edit(*.go). Anything else never matches and the hook never runs.`,
			`"if": "tool == Bash"`, `"if": "Bash(git push:*)"`),
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
