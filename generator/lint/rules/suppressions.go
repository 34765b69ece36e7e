package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
)

// suppressionRules document the findings generator/lint reports about
// inline suppression directives (generator/lint/suppress); like
// configRules, their Check does nothing: the engine matches them by alias.
func suppressionRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "CF004", Alias: lint.AliasSuppressionUnused, Family: famConfig, Severity: lint.Warning, Check: func(*lint.Pass) {},
			Title: "suppression directive that suppresses no finding",
			Doc: lint.Doc{Why: `A suppression that covers nothing is stale: the problem was fixed, the text moved,
or the rule name is not the one that fires. Left in place it would silently hide the next problem of that rule
on that line. Each rule a directive names is checked on its own; a directive for a rule that is switched off
is not reported, since that rule cannot fire.`,
				Bad:         "<!-- plugforge-disable-next-line XR006 the example agent is made up -->\nA paragraph that names no agent.",
				Good:        "(remove the directive, or put it right above the line the finding is on)",
				Consequence: "Nothing goes wrong in Claude Code; a stale directive would silently hide the next real finding on its line, so it is a likely mistake.",
				Checked:     "2.1.330"},
		},
		{
			ID: "CF005", Alias: lint.AliasSuppressionMalformed, Family: famConfig, Severity: lint.Warning, Check: func(*lint.Pass) {},
			Title: "suppression directive without a rule or a reason, or misspelt",
			Doc: lint.Doc{Why: `A suppression must say what it silences and why, so a reviewer can judge it later. A
directive that names no rule, gives no reason, is not one plugforge knows (plugforge-disable-next-line,
plugforge-disable-line, plugforge-disable-file, plugforge-disable with plugforge-enable), is an HTML
comment not closed on its own line, or an enable that closes no block, suppresses nothing; the finding
it meant to silence is reported as well.`,
				Bad:         "<!-- plugforge-disable-next-line XR006 -->",
				Good:        "<!-- plugforge-disable-next-line XR006 the agent is defined by the host project -->",
				Consequence: "Nothing goes wrong in Claude Code; the directive suppresses nothing, so the finding it was meant for still fails the gate. A likely mistake.",
				Checked:     "2.1.330"},
		},
		{
			ID: "CF006", Alias: lint.AliasSuppressionRule, Family: famConfig, Severity: lint.Warning, Check: func(*lint.Pass) {},
			Title: "suppression directive naming no rule, a family, or a retired rule",
			Doc: lint.Doc{Why: `A directive names rules by ID or alias. A misspelt name suppresses nothing, a
family name is refused (a directive silences exactly the rules it names), and a retired rule is no
longer checked, so its suppression can go.`,
				Bad:         "# plugforge-disable-next-line SE02 the command is a constant",
				Good:        "# plugforge-disable-next-line SE002 the command is a constant",
				Consequence: "Nothing goes wrong in Claude Code; the directive suppresses nothing, because the name is no live rule. A likely mistake.",
				Checked:     "2.1.330"},
		},
	}
}
