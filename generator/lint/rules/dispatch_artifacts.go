package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// dispatchArtifactRules check the Required Artifacts block of a fresh
// dispatch (document 002, I1, I7, I8).
func dispatchArtifactRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DP002", Alias: "artifacts-directive-missing", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: `mandatory-read line or "Files read:" directive missing from a Required Artifacts block`,
			Doc: lint.Doc{Why: `A lazy-loaded artifact is only a path: the subagent reads it only if told it MUST
(document 002, TD1), and the orchestrator can only notice a skipped read if the subagent confirms
its reads in one "Files read:" line (I9). Both header lines belong at the top of every Required
Artifacts block.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "## Required Artifacts\n- Spec: {feature_path}/spec.md",
				Good:        "## Required Artifacts\nYou MUST read the following files before beginning your review.\nAfter reading, confirm: \"Files read: {name} ({N} lines), ...\" in a single line.\n- Spec: {feature_path}/spec.md",
				Checked:     "2.1.328",
				Consequence: "The subagent may skip reading the artifacts, or skipped reads go unnoticed; a likely weakening of the review, not a failure."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				dpEachArtifacts(pass, func(df *facts.DispatchFile, b *facts.Block, _ []facts.Section, a *facts.Artifacts) {
					if a.MustLine == 0 {
						pass.Reportf(pass.File.Line(a.Sec.Line), `add "You MUST read the following files before beginning your review." under the heading`,
							"the Required Artifacts block of %s has no mandatory-read line; the subagent may skip the files", dpWho(df, b))
					}
					if a.FilesReadLine == 0 {
						pass.Reportf(pass.File.Line(a.Sec.Line), `add: After reading, confirm: "Files read: {name} ({N} lines), ..." in a single line.`,
							"the Required Artifacts block of %s has no \"Files read:\" directive; skipped reads go unnoticed", dpWho(df, b))
					}
				})
			},
		},
		{
			ID: "DP003", Alias: "artifacts-item-malformed", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "line in a Required Artifacts block that is not an artifact item",
			Doc: lint.Doc{Why: `Each artifact is one "- Label: path" line, or the resolved PRD line of document
002's I8 ({resolved PRD line from I8}), so that the subagent gets an exact path to read and the
list can be checked against the role's artifact map. Prose or pasted content inside the block
defeats both.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "## Required Artifacts\n...\nRead the spec at {feature_path}/spec.md",
				Good:        "## Required Artifacts\n...\n- Spec: {feature_path}/spec.md",
				Checked:     "2.1.328",
				Consequence: "The subagent reads the line as an instruction, not an artifact; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				dpEachArtifacts(pass, func(df *facts.DispatchFile, b *facts.Block, _ []facts.Section, a *facts.Artifacts) {
					for _, it := range a.Items {
						if !it.Valid {
							pass.Reportf(pass.File.Line(it.Line), `write it as "- Label: path", or move it out of Required Artifacts`,
								"line %s in the Required Artifacts of %s is not an artifact item", lint.Quote(it.Text), dpWho(df, b))
						}
					}
				})
			},
		},
		{
			ID: "DP004", Alias: "artifacts-order", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "artifacts out of the canonical order PRD, Spec, Design, Plan, Tasks, or listed twice",
			Doc: lint.Doc{Why: `Every dispatch lists its artifacts in one order — PRD, Spec, Design, Plan, Tasks —
so that prompts of different roles share text, reviewers read upstream documents before
downstream ones, and a missing or duplicated entry is easy to see.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "- Design: {feature_path}/design.md\n- Spec: {feature_path}/spec.md",
				Good:        "- Spec: {feature_path}/spec.md\n- Design: {feature_path}/design.md",
				Checked:     "2.1.328",
				Consequence: "The subagent reads the artifacts out of order or twice; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				dpEachArtifacts(pass, func(df *facts.DispatchFile, b *facts.Block, _ []facts.Section, a *facts.Artifacts) {
					seen := map[string]bool{}
					last := -1
					for _, it := range a.Items {
						k := facts.CanonIndex(it.File)
						if k < 0 {
							continue
						}
						switch {
						case seen[it.File]:
							pass.Reportf(pass.File.Line(it.Line), "delete the repeated line", "%q is listed twice in the Required Artifacts of %s", it.File, dpWho(df, b))
						case k < last:
							pass.Reportf(pass.File.Line(it.Line), "list the artifacts as PRD, Spec, Design, Plan, Tasks",
								"%q is listed after %q in the Required Artifacts of %s", it.File, facts.Canon[last], dpWho(df, b))
						}
						seen[it.File] = true
						last = max(last, k)
					}
				})
			},
		},
		{
			ID: "DP005", Alias: "artifacts-list-review-target", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "review target listed in Required Artifacts as well as inline",
			Doc: lint.Doc{Why: `The artifact under review is given inline in a "## X (what you're reviewing)"
section. Listing it in Required Artifacts too makes the reviewer read it a second time
(document 002, I5 note: "do NOT add the review-target artifact to the Required Artifacts
block").

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "## Required Artifacts\n...\n- Spec: {feature_path}/spec.md\n\n## Spec (what you're reviewing)\n{content of spec.md}",
				Good:        "## Required Artifacts\n...\n{resolved PRD line from I8}\n\n## Spec (what you're reviewing)\n{content of spec.md}",
				Checked:     "2.1.328",
				Consequence: "The review target is paid for twice; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				dpEachArtifacts(pass, func(df *facts.DispatchFile, b *facts.Block, secs []facts.Section, a *facts.Artifacts) {
					target, at := facts.ReviewTarget(secs)
					if target == "" {
						return
					}
					for _, it := range a.Items {
						if it.File == target {
							pass.Reportf(pass.File.Line(it.Line), "delete the line: the review target is already in the prompt",
								"%q is the review target of %s (line %d) and is also listed in its Required Artifacts", target, dpWho(df, b), at)
						}
					}
				})
			},
		},
	}
}

// dpEachArtifacts calls fn for every fresh block with Required Artifacts.
func dpEachArtifacts(pass *lint.Pass, fn func(df *facts.DispatchFile, b *facts.Block, secs []facts.Section, a *facts.Artifacts)) {
	df := facts.Dispatches.Of(pass, pass.File)
	for _, b := range df.Blocks {
		if !b.Fresh() {
			continue
		}
		if b.Artifacts != nil {
			fn(df, b, b.Sections, b.Artifacts)
		}
	}
}
