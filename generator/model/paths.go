package model

import "strings"

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

// ComponentAt is the inverse of CommandPath, AgentPath and SkillPath: the
// kind and name of the component at rel, a slash path inside a plugin, or
// ok false when rel is not where a component sits.
func ComponentAt(rel string) (kind Kind, name string, ok bool) {
	parts := strings.Split(rel, "/")
	switch {
	case len(parts) == 2 && (parts[0] == string(KindCommand) || parts[0] == string(KindAgent)) &&
		strings.HasSuffix(parts[1], ".md") && parts[1] != ".md":
		return Kind(parts[0]), strings.TrimSuffix(parts[1], ".md"), true
	case len(parts) == 3 && parts[0] == string(KindSkill) && parts[2] == "SKILL.md":
		return KindSkill, parts[1], true
	}
	return "", "", false
}
