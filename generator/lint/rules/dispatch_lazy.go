package rules

import (
	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// dispatchLazyRules check that lazily loaded artifacts are confirmed read
// (document 002, I9).
func dispatchLazyRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DP007", Alias: "lazy-load-check-missing", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "fresh dispatch with Required Artifacts but no LAZY-LOAD-WARNING check after it",
			Doc: lint.Doc{Why: `A subagent handed file paths may skip reading them. Document 002's I9 makes the
orchestrator check every such response for "Files read:" and, when it is missing, log
"LAZY-LOAD-WARNING: <role> did not confirm artifact reads" to .review-history.md. The paragraph
must follow each fresh dispatch that has a Required Artifacts block, in the same step (before
the next heading or the next dispatch of another role), and name the dispatched agent.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "Agent tool call:\n  subagent_type: my:spec-reviewer\n  prompt: |\n    ## Required Artifacts\n    ...\n\n(no check follows)",
				Good:        "Agent tool call:\n  subagent_type: my:spec-reviewer\n  prompt: |\n    ## Required Artifacts\n    ...\n\nIf the response lacks \"Files read:\", log `LAZY-LOAD-WARNING: spec-reviewer did not confirm artifact reads`.",
				Checked:     "2.1.328",
				Consequence: "A subagent that did not read its artifacts goes unnoticed; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				df := facts.Dispatches.Of(pass, pass.File)
				for i, b := range df.Blocks {
					if !b.Fresh() || b.Artifacts == nil {
						continue
					}
					role := b.Agent()
					found, wrong, wrongName := false, 0, ""
					for n, end := b.EndLine+1, df.StepAfter(i); n <= end && !found; n++ {
						if df.InBlock(n) {
							continue
						}
						for _, m := range dpLazyRE.FindAllStringSubmatch(pass.File.LineText(n), -1) {
							if dpRoleMatches(m[1], role) {
								found = true
							} else if wrong == 0 {
								wrong, wrongName = n, m[1]
							}
						}
					}
					switch {
					case found:
					case wrong > 0:
						pass.Reportf(pass.File.Line(wrong), "name the agent the dispatch above starts",
							"the LAZY-LOAD-WARNING check names %q but follows the fresh dispatch of %q (line %d)", wrongName, role, b.Line)
					default:
						pass.Reportf(pass.File.Line(b.Line), "add the I9 check: search the response for \"Files read:\"; if absent, log `LAZY-LOAD-WARNING: "+role+" did not confirm artifact reads`",
							"fresh dispatch of %q lists Required Artifacts but no LAZY-LOAD-WARNING check follows it", role)
					}
				}
			},
		},
	}
}

var dpLazyRE = lazyre.New("LAZY-LOAD-WARNING:\\s*([^\\s`\"]+)")

// dpRoleMatches reports whether a role named in a log line (possibly a
// {placeholder}) fits the dispatch's role.
func dpRoleMatches(named, role string) bool {
	return named == role || facts.Placeholder(named)
}
