package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
)

// configRules document the findings generator/lint itself reports about
// .plugforge.yaml; their Check does nothing (the engine matches them by alias).
func configRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "CF001", Alias: lint.AliasIgnoreUnused, Family: famConfig, Severity: lint.Warning, Check: func(*lint.Pass) {},
			Title: "ignore entry in .plugforge.yaml that matches no finding",
			Doc: lint.Doc{Why: `An ignore that matches nothing is stale: the problem was fixed or the path moved,
and the entry would silently hide the next problem at that path.`,
				Bad:         "ignore:\n  - path: dist/*/commands/old.md   # file deleted\n    reason: legacy",
				Good:        "(remove the entry)",
				Checked:     "2.1.328",
				Consequence: "The ignore does nothing; a likely stale entry."},
		},
		{
			ID: "CF002", Alias: lint.AliasSelectorUnknown, Family: famConfig, Severity: lint.Warning, Check: func(*lint.Pass) {},
			Title: "rule selector in .plugforge.yaml that names no rule, alias or family",
			Doc: lint.Doc{Why: `A misspelt rule ID or alias in rules, severity, options or ignore does nothing; the
rule the author meant to tune still runs as before.`,
				Bad:         "rules:\n  disable: [HK03]",
				Good:        "rules:\n  disable: [HK003]",
				Checked:     "2.1.328",
				Consequence: "The selector does nothing; a likely typo."},
		},
		{
			ID: "CF003", Alias: lint.AliasOptionInvalid, Family: famConfig, Severity: lint.Warning, Check: func(*lint.Pass) {},
			Title: "rule option in .plugforge.yaml that the rule does not have, or of the wrong type",
			Doc: lint.Doc{Why: `Options are documented per rule (plugforge explain RULE); an unknown option or a
value of the wrong type is ignored.`,
				Bad:         "options:\n  CT003: {max: 400}",
				Good:        "options:\n  CT003: {max-lines: 400}",
				Checked:     "2.1.328",
				Consequence: "The option does nothing; a likely typo."},
		},
	}
}
