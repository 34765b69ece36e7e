package rules

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// hooksCommandRules check the command a hook runs: quoting, syntax,
// variables, relative paths and duplicates.
func hooksCommandRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "HK003", Alias: "hook-root-unquoted", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
			Title: "shell-form hook command with an unquoted ${CLAUDE_PLUGIN_ROOT}",
			Doc: lint.Doc{Why: `Plugins are installed under the user's home directory, which may contain a space.
Unquoted, "${CLAUDE_PLUGIN_ROOT}/hooks/check.sh" splits into two words and the hook fails.
The same holds for ${CLAUDE_PLUGIN_DATA} and ${CLAUDE_PROJECT_DIR}. Quote the placeholder, or
use the exec form (command + args), which has no shell.`,
				Bad:         `"command": "${CLAUDE_PLUGIN_ROOT}/hooks/check.sh"`,
				Good:        `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""`,
				Fix:         rootQuoteFixDoc,
				Checked:     "2.1.328",
				Consequence: "The command breaks when the plugin path contains a space; the validator warns. A likely problem."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, h := range facts.Hooks.Of(pass, pass.File).ShellCommands() {
					if vars := unquotedVars(h.Cmd.AST); len(vars) > 0 {
						reportWith(pass, rootQuoteFix(pass.File, h.Ptr+"/command", h.Cmd), jsonLoc(pass.File, h.Ptr+"/command"), `wrap the placeholder in double quotes: "\"${CLAUDE_PLUGIN_ROOT}/…\""`,
							"hook command %s uses %s without quotes", lint.Quote(h.Cmd.Text), strings.Join(vars, ", "))
					}
				}
			},
		},
		{
			ID: "HK015", Alias: "hook-command-empty", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
			Title: "command hook with an empty command",
			Doc: lint.Doc{Why: `An empty command runs nothing, but the hook still costs a process start and
reads as protection that is not there.`,
				Bad:         `{"type": "command", "command": ""}`,
				Good:        `{"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""}`,
				Checked:     "2.1.328",
				Consequence: "The hook fails every time it fires: there is nothing to run."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, h := range facts.Hooks.Of(pass, pass.File).Handlers {
					if s, ok := facts.Str(h.H["command"]); ok && h.Type == "command" && strings.TrimSpace(s) == "" {
						pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), "write the command, or remove the hook", "hook under %s has an empty command", h.Event)
					}
				}
			},
		},
		{
			ID: "HK016", Alias: "hook-relative-path", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
			Title: "hook command that runs a script by a relative path",
			Doc: lint.Doc{Why: `Hook commands run in the user's project directory, not in the plugin. A relative
path such as ./hooks/check.sh or scripts/x.py points into the user's project and fails (or
runs the project's file of that name). Prefix plugin files with "${CLAUDE_PLUGIN_ROOT}".`,
				Bad:         `"command": "bash hooks/check.sh"`,
				Good:        `"command": "bash \"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""`,
				Checked:     "2.1.328",
				Consequence: "The hook runs a path in the user's project, not the plugin: it fails or runs the wrong file."},
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
			Doc: lint.Doc{Why: `Hooks from hooks/hooks.json, other hooks files and plugin.json are merged; the same
command twice under one event and matcher runs twice on every event.`,
				Bad:         `{"Stop": [{"hooks": [{"type": "command", "command": "x"}, {"type": "command", "command": "x"}]}]}`,
				Good:        `{"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}`,
				Checked:     "2.1.328",
				Consequence: "The command runs twice for one event; a likely mistake."},
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
			Doc: lint.Doc{Why: `Claude Code sets CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA and, for userConfig values,
CLAUDE_PLUGIN_OPTION_<KEY>. Names such as CLAUDE_PLUGIN_DIR or PLUGIN_ROOT expand to nothing
and the command runs "/hooks/x.sh" from the file-system root.`,
				Bad:         `"command": "\"${CLAUDE_PLUGIN_DIR}/hooks/x.sh\""`,
				Good:        `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh\""`,
				Checked:     "2.1.328",
				Consequence: "The variable expands to nothing and the command fails."},
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
			Doc: lint.Doc{Why: `A shell-form command is run by a shell; an unbalanced quote or parenthesis makes
every run fail with a syntax error.`,
				Bad:         `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh"`,
				Good:        `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh\""`,
				Checked:     "2.1.328",
				Consequence: "The shell cannot parse the command: the hook fails every time it fires."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, h := range facts.Hooks.Of(pass, pass.File).ShellCommands() {
					if err := h.Cmd.Err; err != nil {
						pass.Reportf(jsonLoc(pass.File, h.Ptr+"/command"), "fix the quoting of the command",
							"hook command %s is not valid shell: %s", lint.Quote(h.Cmd.Text), err)
					}
				}
			},
		},
	}
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

var pluginVarRE = lazyre.New(`\$\{?(CLAUDE_PLUGIN_[A-Z0-9_]+|PLUGIN_ROOT|PLUGIN_DIR|CLAUDE_PLUGIN_PATH)\b`)
