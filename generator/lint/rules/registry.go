package rules

import "github.com/plugforge/plugforge/generator/lint"

// Retired maps rule IDs that are no longer checked to why. An ID is never
// reused, so a config or a suppression that names one keeps its meaning.
var Retired = map[string]string{
	"DP016": "agent-runs-in-background required run_in_background: false on every Agent spawn; since Claude Code 2.1.232 interactive sessions do not offer the parameter (naming it fails the call). result-arrival-unstated (DP019) replaces it.",
}

// All returns every rule, family by family. Each family file declares its
// own slice; this is the only place they are put together.
func All() []lint.Rule {
	var all []lint.Rule
	for _, family := range [][]lint.Rule{
		schemaRules,
		jsonRules,
		frontmatterRules,
		componentRules,
		componentRules2,
		layoutRules,
		layoutPathRules,
		layoutFileRules,
		manifestRules,
		manifestRules2,
		manifestRules3,
		marketplaceRules,
		marketplaceRules2,
		hooksRules,
		hooksRules2,
		hooksRules3,
		scriptRules,
		mcpRules,
		xrefRules,
		xrefRules2,
		xrefRules3,
		contentRules,
		contentRules2,
		securityRules,
		securityRules2,
		securityRules3,
		dispatchRules,
		directoryRules,
		configRules,
	} {
		all = append(all, family...)
	}
	return all
}
