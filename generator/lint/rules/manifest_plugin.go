package rules

import (
	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// manifestPluginRules check the plugin as a whole: a manifest at all,
// settings.json, userConfig and whether it ships anything.
func manifestPluginRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "MF015", Alias: "manifest-missing", Family: famManifest, Severity: lint.Error,
			Title: "plugin without .claude-plugin/plugin.json and without skills",
			Doc: lint.Doc{Why: `Without .claude-plugin/plugin.json a directory is only read as a plugin when it has
skills (skills/<name>/SKILL.md); "claude plugin validate" rejects it otherwise ("No manifest
found in directory"). Even where it loads, its name comes from the directory, which changes with
every clone or install path, and with it the prefix of every command and agent. Not reported
for a directory a marketplace.json lists (linted through that marketplace, or on its own inside
the marketplace's tree): 2.1.330 builds its manifest from the marketplace entry, and installs and
loads it from there (witnessed with commands, agents and a root .mcp.json), whatever it ships.`,
				Bad:         "my-plugin/commands/review.md (no .claude-plugin/)",
				Good:        `my-plugin/.claude-plugin/plugin.json: {"name": "my-plugin"}`,
				Checked:     "2.1.328",
				Consequence: "There is no plugin to load: the validator refuses the directory."},
			Check: func(pass *lint.Pass) {
				p := pass.Plugin
				if p.IsPlugin() && p.Manifest() == nil && p.MarketplaceFile() == nil && !p.Listed && len(p.OfKind(snapshot.KindSkill)) == 0 {
					pass.Reportf(snapshot.Loc{}, `add .claude-plugin/plugin.json with {"name": "…"}`,
						"plugin has no .claude-plugin/plugin.json (and no skills); Claude Code does not read it as a plugin")
				}
			},
		},
		{
			ID: "MF016", Alias: "settings-agent-deprecated", Family: famManifest, Severity: lint.Info, Kinds: kinds(snapshot.KindSettings),
			Title: "settings.json that sets the deprecated agent key",
			Doc: lint.Doc{Why: `A plugin's settings.json may set agent to make one of its agents the main thread;
Claude Code 2.1.328 deprecates it.`,
				Bad:         `{"agent": "reviewer"}`,
				Good:        `{}`,
				Checked:     "2.1.328",
				Consequence: "The setting is deprecated and may stop working; style for now."},
			Check: func(pass *lint.Pass) {
				if _, ok := facts.Obj(pass.File.JSON().Value)["agent"]; ok {
					pass.Reportf(keyLoc(pass.File, "/agent"), "remove the key", "settings.json sets the deprecated \"agent\"")
				}
			},
		},
		{
			ID: "MF017", Alias: "user-config-undeclared", Family: famManifest, Severity: lint.Error,
			Title: "${user_config.X} used but not declared in plugin.json userConfig",
			Doc: lint.Doc{Why: `Claude Code fills ${user_config.X} from the values users enter for the keys
plugin.json declares under userConfig. An undeclared key is never asked for and the server or
hook receives the literal text.`,
				Bad:         `.mcp.json: {"env": {"TOKEN": "${user_config.api_token}"}}   # no userConfig`,
				Good:        `plugin.json: {"userConfig": {"api_token": {"type": "string", "title": "API token", "description": "…", "sensitive": true}}}`,
				Checked:     "2.1.328",
				Consequence: "The reference cannot be resolved: the server or hook fails at run time."},
			Check: func(pass *lint.Pass) {
				declared := facts.Obj(pass.Plugin.ManifestValue()["userConfig"])
				for _, f := range pass.Plugin.OfKind(snapshot.KindManifest, snapshot.KindMCP, snapshot.KindHooks, snapshot.KindLSP) {
					for _, m := range userConfigRE.FindAllSubmatchIndex(f.Data, -1) {
						key := string(f.Data[m[2]:m[3]])
						if _, ok := declared[key]; !ok {
							pass.Reportf(f.At(m[0]), "declare the key under userConfig in plugin.json",
								"${user_config.%s} is not declared in plugin.json userConfig", key)
						}
					}
				}
			},
		},
		{
			ID: "MF018", Alias: "no-components", Family: famManifest, Severity: lint.Warning,
			Title: "plugin that ships no command, agent, skill, hook or server",
			Doc: lint.Doc{Why: `A plugin with nothing in it installs and does nothing; usually the components are
in the wrong place (e.g. under .claude-plugin/ or a misspelt directory).`,
				Bad:         "my-plugin/.claude-plugin/plugin.json\nmy-plugin/command/review.md",
				Good:        "my-plugin/commands/review.md",
				Checked:     "2.1.328",
				Consequence: "The plugin installs and does nothing; a likely mistake."},
			Check: func(pass *lint.Pass) {
				p := pass.Plugin
				if p.Manifest() == nil {
					return
				}
				if len(p.OfKind(snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill, snapshot.KindHooks, snapshot.KindMCP, snapshot.KindLSP)) > 0 {
					return
				}
				m := p.ManifestValue()
				for _, k := range []string{"commands", "hooks", "mcpServers", "lspServers", "outputStyles", "experimental", "channels"} {
					if _, ok := m[k]; ok {
						return
					}
				}
				pass.Reportf(p.Manifest().Whole(), "add commands/, agents/, skills/ or hooks/ at the plugin root",
					"plugin %q ships no commands, agents, skills, hooks or servers", p.Components().Plugin)
			},
		},
	}
}

var userConfigRE = lazyre.New(`\$\{user_config\.([^}]*)\}`)
