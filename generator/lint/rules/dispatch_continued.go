package rules

import (
	"strings"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// dispatchContinuedRules check continued dispatches: no artifacts again, the
// context directive, the same schema, and no note that forbids reuse.
func dispatchContinuedRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DP008", Alias: "continued-lists-artifacts", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "continued dispatch that lists Required Artifacts again",
			Doc: lint.Doc{Why: `A continued subagent (Task with resume:, or SendMessage) already has the artifacts
in its transcript. Listing them again makes it read every file a second time on each iteration
(document 001, TD6). Only a fresh fallback (I3) carries Required Artifacts.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    ## Required Artifacts\n    ...",
				Good:        "SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    You already have the upstream artifacts in context from your prior review.\n\n    ## Delta\n    {delta}",
				Checked:     "2.1.328",
				Consequence: "The continued subagent re-reads what it has; a likely cost."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				df := facts.Dispatches.Of(pass, pass.File)
				for _, b := range df.Blocks {
					if !b.Continued() {
						continue
					}
					if s := facts.SectionNamed(b.Sections, "Required Artifacts"); s != nil {
						pass.Reportf(pass.File.Line(s.Line), "delete the section: the continued subagent already has the files",
							"continued dispatch of %s lists Required Artifacts", dpWho(df, b))
					}
				}
			},
		},
		{
			ID: "DP009", Alias: "continued-context-directive", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "continued dispatch that does not open with the context directive",
			Doc: lint.Doc{Why: `A continued prompt carries only the delta. It opens by telling the subagent what it
already holds ("You already have the upstream artifacts ... in context from your prior
review."), so that it works from its transcript instead of asking for or re-reading the files
(document 001, I2, I2-FV and TD6). Checked for subagents whose fresh dispatch in the same file
has Required Artifacts.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    ## Delta\n    {delta}",
				Good:        "SendMessage tool call:\n  to: {reviewer_id}\n  message: |\n    You already have the upstream artifacts in context from your prior review.\n\n    ## Delta\n    {delta}",
				Checked:     "2.1.328",
				Consequence: "The continued subagent is not told its context is kept; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				df := facts.Dispatches.Of(pass, pass.File)
				for _, b := range df.Blocks {
					role := df.Role(b)
					if !b.Continued() || b.Prompt == nil || role == "" || !dpHasArtifactsFor(df, role) {
						continue
					}
					for _, l := range b.Prompt.Lines {
						if strings.TrimSpace(l.Text) == "" {
							continue
						}
						if !strings.HasPrefix(strings.TrimSpace(l.Text), "You already have the upstream artifacts") {
							pass.Reportf(pass.File.Line(l.Line), `start the prompt with "You already have the upstream artifacts ... in context from your prior review."`,
								"continued dispatch of %q opens with %s instead of the context directive", role, lint.Quote(strings.TrimSpace(l.Text)))
						}
						break
					}
				}
			},
		},
		{
			ID: "DP014", Alias: "fresh-dispatch-annotation", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: `leftover "Fresh dispatch per iteration" annotation`,
			Doc: lint.Doc{Why: `Before reviewer reuse, the phase commands carried "Fresh dispatch per iteration"
notes. Document 001 (R1.8) removes them: iterations 2+ continue the same reviewer, and the note
now contradicts the loop, so the model may dispatch fresh every time and lose the cache and the
delta. A mention inside inline code is taken as talk about the note and skipped.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "c. Dispatch spec-reviewer (Fresh dispatch per iteration — Phase 2 will add reuse):",
				Good:        "c. Dispatch spec-reviewer: fresh on iteration 1, continued with the delta afterwards:",
				Checked:     "2.1.328",
				Consequence: "The prompt contradicts the reuse it performs; a likely leftover."},
			Requires: []lint.Analyzer{facts.LowerText},
			Check: func(pass *lint.Pass) {
				f := pass.File
				if !strings.Contains(facts.LowerText.Of(pass, f), "fresh dispatch per iteration") {
					return
				}
				md := f.Markdown()
				for n := 1; n <= f.NumLines(); n++ {
					line := f.LineText(n)
					for _, m := range dpAnnotationRE.FindAllStringIndex(line, -1) {
						if off := f.LineOffset(n) + m[0]; md.InCode(off) && !dpInFence(md, off) {
							continue // `Fresh dispatch per iteration` quoted in prose is talk about the note
						}
						pass.Reportf(f.LineCol(n, utf8.RuneCountInString(line[:m[0]])+1), "delete the annotation",
							"%s annotation contradicts reviewer reuse", lint.Quote(line[m[0]:m[1]]))
					}
				}
			},
		},
		{
			ID: "DP018", Alias: "continued-schema-drift", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "continued dispatch whose JSON schema differs from the role's fresh dispatch",
			Doc: lint.Doc{Why: `The continued prompt repeats the role's JSON return schema so the answer keeps its
shape (document 001, I2: "JSON schema is repeated"). If the copy drifts from the fresh prompt's
schema, iterations return different fields and the orchestrator's parsing breaks. The schemas
are compared with whitespace normalised.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "fresh:     {\"approved\": true/false, \"issues\": [...], \"summary\": \"...\"}\ncontinued: {\"approved\": true/false, \"summary\": \"...\"}",
				Good:        "fresh:     {\"approved\": true/false, \"issues\": [...], \"summary\": \"...\"}\ncontinued: {\"approved\": true/false, \"issues\": [...], \"summary\": \"...\"}",
				Checked:     "2.1.328",
				Consequence: "The continued reply is parsed with the wrong shape; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				df := facts.Dispatches.Of(pass, pass.File)
				fresh := map[string][]*facts.ReturnSchema{}
				for _, b := range df.Blocks {
					if b.Fresh() {
						if sc := b.Schema; sc != nil {
							fresh[b.Agent()] = append(fresh[b.Agent()], sc)
						}
					}
				}
				for _, b := range df.Blocks {
					role := df.Role(b)
					sc := b.Schema
					if !b.Continued() || sc == nil || len(fresh[role]) == 0 {
						continue
					}
					same := false
					for _, f := range fresh[role] {
						same = same || f.Normal() == sc.Normal()
					}
					if !same {
						pass.Reportf(pass.File.Line(sc.Lines[0].Line), "copy the schema of the fresh dispatch exactly",
							"the JSON schema of the continued dispatch of %q differs from its fresh dispatch's (line %d)", role, fresh[role][0].Lines[0].Line)
					}
				}
			},
		},
	}
}

// dpHasArtifactsFor reports whether the file freshly dispatches role with a
// Required Artifacts block.
func dpHasArtifactsFor(df *facts.DispatchFile, role string) bool {
	for _, b := range df.Blocks {
		if b.Fresh() && b.Agent() == role && b.Artifacts != nil {
			return true
		}
	}
	return false
}

var dpAnnotationRE = lazyre.New(`(?i)fresh dispatch per iteration`)
