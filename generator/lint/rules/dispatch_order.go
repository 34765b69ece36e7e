package rules

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// dispatchOrderRules check the order of a fresh prompt's sections (document
// 001, R4: static before dynamic).
func dispatchOrderRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DP001", Alias: "dispatch-static-after-dynamic", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "static prompt content after a dynamic section in a fresh dispatch",
			Doc: lint.Doc{Why: `Prompt caching reuses byte-identical prefixes. A fresh dispatch prompt is cached
up to its first dynamic section, so everything that is the same on every iteration — the rubric
and coda before the first heading, "## Required Artifacts", checklists, "## Next Phase
Expectations" and the JSON return schema — must come before everything that changes: sections
that open with {placeholder} lines only (the review target, file lists), "## Domain Reviewer
Outcome" and "## Iteration Context" (document 001, R4). The rule reports the first static
section heading, checklist (a line ending in ":" followed by "- " items) or JSON schema (a line
ending in "JSON:" or "evidence:" followed by a {...} object) found after a dynamic section.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "Agent tool call:\n  subagent_type: my:reviewer\n  prompt: |\n    Review the spec.\n\n    ## Iteration Context\n    This is iteration {n} of {max}.\n\n    Return your assessment as JSON:\n    {\"approved\": true/false}",
				Good:        "Agent tool call:\n  subagent_type: my:reviewer\n  prompt: |\n    Review the spec.\n\n    Return your assessment as JSON:\n    {\"approved\": true/false}\n\n    ## Iteration Context\n    This is iteration {n} of {max}.",
				Checked:     "2.1.328",
				Consequence: "The prompt cache misses on every dispatch after the change, costing tokens; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				df := facts.Dispatches.Of(pass, pass.File)
				for _, b := range df.Blocks {
					if !b.Fresh() {
						continue
					}
					if line, what, dyn := dpStaticAfterDynamic(b.Sections); line > 0 {
						pass.Reportf(pass.File.Line(line), "move it above the first dynamic section, so iterations share the cached prefix",
							"%s follows the dynamic section %q in the fresh prompt of %s", what, dyn, dpWho(df, b))
					}
				}
			},
		},
	}
}

// dpWho names a block's subagent for messages.
func dpWho(df *facts.DispatchFile, b *facts.Block) string {
	if r := df.Role(b); r != "" {
		return fmt.Sprintf("%q", r)
	}
	return "the subagent"
}

// dpStaticAfterDynamic finds the first static item after a dynamic section:
// its line, a description and the dynamic section's heading.
func dpStaticAfterDynamic(secs []facts.Section) (int, string, string) {
	dyn := ""
	for _, s := range secs {
		if s.Heading == "" {
			continue
		}
		if dyn != "" && s.Static() {
			return s.Line, fmt.Sprintf("the static section %q", "## "+s.Heading), dyn
		}
		if dyn == "" {
			if !s.Dynamic() {
				continue
			}
			dyn = "## " + s.Heading
		}
		for i, l := range s.Body {
			if facts.SchemaAt(s.Body, i) != nil {
				return l.Line, "the JSON schema", dyn
			}
			if facts.ChecklistAt(s.Body, i) {
				return l.Line, fmt.Sprintf("the checklist %s", lint.Quote(strings.TrimSpace(l.Text))), dyn
			}
		}
	}
	return 0, "", ""
}
