package rules

import "github.com/plugforge/plugforge/generator/lint"

// The families. A family's prefix starts each of its rule IDs.
var (
	famSchema      = lint.Family{Name: "schema", Prefix: "SC", Doc: "JSON Schema checks of manifests, hooks, MCP/LSP configs and frontmatter (schemas/)"}
	famFrontmatter = lint.Family{Name: "frontmatter", Prefix: "FM", Doc: "whether Claude Code reads the frontmatter as intended, and whether its YAML is portable"}
	famComponent   = lint.Family{Name: "component", Prefix: "CP", Doc: "values of command, agent and skill frontmatter fields"}
	famLayout      = lint.Family{Name: "layout", Prefix: "LY", Doc: "where files sit, what the manifest's paths point at, symlinks, encodings"}
	famManifest    = lint.Family{Name: "manifest", Prefix: "MF", Doc: "plugin.json semantics beyond its schema"}
	famMarketplace = lint.Family{Name: "marketplace", Prefix: "MK", Doc: "marketplace.json semantics and its agreement with the plugins it lists"}
	famHooks       = lint.Family{Name: "hooks", Prefix: "HK", Doc: "hook events, matchers, commands and the scripts they run"}
	famMCP         = lint.Family{Name: "mcp", Prefix: "MC", Doc: "MCP server configurations"}
	famXRef        = lint.Family{Name: "cross-references", Prefix: "XR", Doc: "references between components: agents, commands, skills, links, scripts"}
	famContent     = lint.Family{Name: "content", Prefix: "CT", Doc: "markdown bodies and descriptions: lengths, structure, leftovers"}
	famSecurity    = lint.Family{Name: "security", Prefix: "SE", Doc: "dangerous scripts, secrets, file modes and hidden text"}
	famDispatch    = lint.Family{Name: "dispatch", Prefix: "DP", Doc: "subagent dispatch blocks (the seeds' prompt-caching and lazy-loading audits)"}
	famDirectory   = lint.Family{Name: "directory", Prefix: "DR", Doc: "plugin-directory submission checks (off by default)"}
	famConfig      = lint.Family{Name: "config", Prefix: "CF", Doc: "problems in .plugforge.yaml and in inline suppression directives"}
)

// Families lists every family in the order rules are documented.
func Families() []lint.Family {
	return []lint.Family{famSchema, famFrontmatter, famComponent, famLayout, famManifest, famMarketplace,
		famHooks, famMCP, famXRef, famContent, famSecurity, famDispatch, famDirectory, famConfig}
}

// FamilyNames names every family, in the order of Families.
func FamilyNames() []string {
	var names []string
	for _, f := range Families() {
		names = append(names, f.Name)
	}
	return names
}
