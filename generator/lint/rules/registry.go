package rules

import (
	"sort"

	"github.com/plugforge/plugforge/generator/lint"
)

// Retired maps the IDs of rules no longer checked to why. An ID is never
// given to another rule, so a configuration or an ignore that names one
// keeps its meaning; addrule skips these, and TestRegistry refuses them.
var Retired = map[string]string{
	"DP016": "agent-runs-in-background required run_in_background: false on every Agent spawn; since Claude Code 2.1.232 interactive sessions do not offer the parameter (naming it fails the call). result-arrival-unstated (DP019) replaces it.",
}

// All returns every rule, family by family (in Families order) and by ID
// within a family. Each rule file declares one function that returns its
// slice of rules on one theme; this is the only place they are put
// together.
//
// Functions, not package-level slices: a slice of rules is built in the
// package's init (its Family, Kinds and Requires fields are not
// constants), which wrote into every page of the 85 kB of rule tables in
// every plugforge process, `plugforge --version` included, and was most
// of the start-up that plugforge's own packages cost. Built here, only a
// process that asks for the rules pays, once per call.
func All() []lint.Rule {
	themes := [][]lint.Rule{
		schemaFileRules(), schemaJSONRules(),
		frontmatterRules(),
		componentFieldRules(), componentUsageRules(), componentToleratedRules(),
		layoutPlacementRules(), layoutManifestPathRules(), layoutFileRules(), layoutUnreadRules(), layoutCommandsSkillRules(),
		manifestIdentityRules(), manifestFieldRules(), manifestPluginRules(),
		marketplaceNameRules(), marketplaceSourceRules(),
		hooksEventRules(), hooksMatcherRules(), hooksCommandRules(), hooksScriptRules(),
		mcpRules(),
		xrefNameRules(), xrefFileRules(), xrefDuplicateRules(), xrefAsideRules(),
		contentDescriptionRules(), contentMarkdownRules(),
		securityShellRules(), securityTextRules(), securityAccessRules(),
		dispatchOrderRules(), dispatchArtifactRules(), dispatchMapRules(), dispatchLazyRules(),
		dispatchContinuedRules(), dispatchFallbackRules(), dispatchInjectionRules(), dispatchDialectRules(),
		dispatchProtocolRules(),
		directoryRules(),
		configRules(), suppressionRules(),
	}
	// One allocation of the right size: appended theme by theme, the
	// 512-byte rules were copied again at each growth of the slice.
	n := 0
	for _, t := range themes {
		n += len(t)
	}
	all := make([]lint.Rule, 0, n)
	for _, t := range themes {
		all = append(all, t...)
	}
	witnesses := witnessTable()
	for i := range all {
		all[i].Doc.Witness = witnesses[all[i].ID]
	}
	rank := map[string]int{}
	for i, f := range Families() {
		rank[f.Name] = i
	}
	sort.Slice(all, func(i, j int) bool {
		if a, b := rank[all[i].Family.Name], rank[all[j].Family.Name]; a != b {
			return a < b
		}
		return all[i].ID < all[j].ID
	})
	return all
}
