package rules

import "github.com/plugforge/plugforge/generator/lint"

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
