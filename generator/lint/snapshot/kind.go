package snapshot

// Kind is what Claude Code makes of a file.
type Kind int

const (
	KindOther       Kind = iota
	KindManifest         // .claude-plugin/plugin.json
	KindMarketplace      // .claude-plugin/marketplace.json
	KindCommand          // commands/**/*.md, or a path plugin.json declares
	KindAgent            // agents/**/*.md, or a path plugin.json declares
	KindSkill            // skills/<name>/SKILL.md
	KindSkillFile        // any other file inside a skill directory
	KindHooks            // hooks/hooks.json, or a hooks file plugin.json declares
	KindMCP              // .mcp.json, or an MCP file plugin.json declares
	KindLSP              // .lsp.json
	KindSettings         // settings.json at the root
	KindMarkdown         // any other markdown file
	KindProvenance       // .plugforge-manifest.json written by plugforge build
	numKinds
)

var kindNames = [...]string{"other", "manifest", "marketplace", "command", "agent", "skill",
	"skill-file", "hooks", "mcp", "lsp", "settings", "markdown", "provenance"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// IsComponent reports whether k is a markdown component with frontmatter.
func (k Kind) IsComponent() bool { return k == KindCommand || k == KindAgent || k == KindSkill }

// IsMarkdown reports whether files of kind k are markdown Claude Code reads.
func (k Kind) IsMarkdown() bool { return k.IsComponent() || k == KindMarkdown }

// IsJSON reports whether files of kind k are JSON documents.
func (k Kind) IsJSON() bool {
	switch k {
	case KindManifest, KindMarketplace, KindHooks, KindMCP, KindLSP, KindSettings, KindProvenance:
		return true
	}
	return false
}

// Noun is how messages name a component of kind k ("agent", "command").
func (k Kind) Noun() string {
	switch k {
	case KindCommand, KindAgent, KindSkill:
		return kindNames[k]
	case KindManifest:
		return "plugin manifest"
	case KindMarketplace:
		return "marketplace"
	case KindHooks:
		return "hooks file"
	case KindMCP:
		return "MCP config"
	}
	return "file"
}
