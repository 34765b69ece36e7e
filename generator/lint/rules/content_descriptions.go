package rules

import (
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// contentDescriptionRules check the descriptions Claude Code lists at
// start-up: their length and their total.
func contentDescriptionRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "CT001", Alias: "skill-description-long", Family: famContent, Severity: lint.Warning, Kinds: kinds(snapshot.KindSkill),
			Options: []lint.Option{{Name: "max", Default: 1024, Doc: "longest description, in characters"}},
			Title:   "skill description longer than the Agent Skills standard allows",
			Doc: lint.Doc{Why: `The Agent Skills standard caps a skill description at 1,024 characters; other
agents that read skills may reject or cut a longer one. Claude Code cuts at 1,536 (CT002).`,
				Bad:         "description: <1,200 characters>",
				Good:        "description: <what it does and when to use it, under 1,024 characters>",
				Checked:     "2.1.328",
				Consequence: "Claude Code lists it, but other Agent Skills tools cut or refuse it; a likely problem."},
			Check: func(pass *lint.Pass) {
				d, loc := listingText(pass.File)
				n := utf8.RuneCountInString(d)
				if loc != nil && n > pass.Int("max") && n <= 1536 {
					pass.Reportf(*loc, "shorten the description", "description of %s is %d characters, over %d", pass.Name(pass.File), n, pass.Int("max"))
				}
			},
		},
		{
			ID: "CT002", Alias: "description-truncated", Family: famContent, Severity: lint.Warning, Kinds: componentKinds,
			Title: "description longer than Claude Code lists (1,536 characters)",
			Doc: lint.Doc{Why: `Claude Code lists every command's, skill's and agent's description at start-up
and cuts each at 1,536 characters (description plus when_to_use): the rest never reaches the
model, and what does costs context in every session.`,
				Bad:         "description: <2,000 characters>",
				Good:        "description: <under 1,536 characters; details go in the body>",
				Checked:     "2.1.328",
				Consequence: "Claude Code cuts the description in the listing, so the model may not see when to use the component; a likely mistake."},
			Check: func(pass *lint.Pass) {
				d, loc := listingText(pass.File)
				if n := utf8.RuneCountInString(d); loc != nil && n > 1536 {
					pass.Reportf(*loc, "shorten the description and move details into the body",
						"description of %s is %d characters; Claude Code cuts it at 1536", pass.Name(pass.File), n)
				}
			},
		},
		{
			ID: "CT009", Alias: "listing-budget", Family: famContent, Severity: lint.Warning, Off: true,
			Options: []lint.Option{{Name: "max-tokens", Default: 4000, Doc: "budget for all listed descriptions, in estimated tokens (characters / 4)"}},
			Title:   "descriptions that together cost more context than the budget",
			Doc: lint.Doc{Why: `Every session starts with the descriptions of all model-invocable commands and
skills and of all agents in context. This rule adds them up (about four characters a token)
and compares them with a budget. Components with disable-model-invocation: true are not
listed and not counted. Off by default.`,
				Bad:         "40 skills with 600-character descriptions (~6,000 tokens)",
				Good:        "short descriptions; rarely used skills set disable-model-invocation: true",
				Checked:     "2.1.328",
				Consequence: "Descriptions crowd the model's context on every turn; a likely cost problem."},
			Requires: []lint.Analyzer{facts.Frontmatter},
			Check: func(pass *lint.Pass) {
				total := 0
				for _, f := range pass.Plugin.OfKind(snapshot.KindCommand, snapshot.KindSkill, snapshot.KindAgent) {
					if f.Kind != snapshot.KindAgent && facts.Frontmatter.Of(pass, f).IsTrue("disable-model-invocation") {
						continue
					}
					d, _ := listingText(f)
					total += utf8.RuneCountInString(d)
				}
				if tok, max := total/4, pass.Int("max-tokens"); tok > max {
					at := snapshot.Loc{}
					if m := pass.Plugin.Manifest(); m != nil {
						at = m.Whole()
					}
					pass.Reportf(at, "shorten descriptions or mark rarely used skills disable-model-invocation: true",
						"plugin %q lists about %d tokens of descriptions, over the budget of %d", pass.Plugin.Components().Plugin, tok, max)
				}
			},
		},
	}
}

// listingText is what Claude Code lists for a component at start-up:
// its description (and a skill's when_to_use).
func listingText(f *snapshot.File) (string, *snapshot.Loc) {
	d, ok := f.Frontmatter().String("description")
	if !ok {
		return "", nil
	}
	if w, ok := f.Frontmatter().String("when_to_use"); ok {
		d += " " + w
	}
	loc := fmKeyLoc(f, "description")
	return d, &loc
}
