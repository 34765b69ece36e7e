package model

// Where each part of a plugin sits inside a variant directory: the layout
// Claude Code's loader reads, plus the provenance manifest plugforge adds.
// generator/render writes to these paths, generator/graph and
// generator/stats look files up by them, and the linter's snapshot
// classifies by them; they are spelt here only.
const (
	PluginManifestPath = ".claude-plugin/plugin.json"
	MarketplacePath    = ".claude-plugin/marketplace.json"
	HooksPath          = "hooks/hooks.json"
	// ProvenancePath is the manifest plugforge build writes at each variant
	// root: every output's sources and hashes, the dialect and the dispatch
	// sites it rendered (generator/provenance).
	ProvenancePath = ".plugforge-manifest.json"
)

// CommandPath is where command name is rendered: commands/<name>.md.
func CommandPath(name string) string { return string(KindCommand) + "/" + name + ".md" }

// AgentPath is where agent name is rendered: agents/<name>.md.
func AgentPath(name string) string { return string(KindAgent) + "/" + name + ".md" }

// SkillPath is where skill name is rendered: skills/<name>/SKILL.md.
func SkillPath(name string) string { return string(KindSkill) + "/" + name + "/SKILL.md" }
