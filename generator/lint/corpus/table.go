package corpus

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/plugforge/plugforge/generator/lint"
)

// NoisyShare is the share of plugins above which a warning is flagged for
// a noise review (issue 11: more than a quarter).
const NoisyShare = 0.25

// Write prints the figures as plain text tables.
func Write(w io.Writer, fg Figures) error {
	base := "validator-passing plugins"
	if !fg.Validated {
		base = "plugins linted (no validator comparison)"
	}
	row := func(label string, n int, of int) {
		if of > 0 {
			fmt.Fprintf(w, "%-44s %6d  (%s)\n", label, n, pct(n, of))
		} else {
			fmt.Fprintf(w, "%-44s %6d\n", label, n)
		}
	}
	row("repositories", fg.Repos, 0)
	row("plugins", fg.Plugins, 0)
	row("  listed by a marketplace, no plugin.json", fg.Listed, 0)
	row(base, fg.Base, 0)
	row("  failing plugforge lint (an error)", fg.Failing, fg.Base)
	if fg.Reviewed {
		row("  with a false-positive error", fg.WithFalse, fg.Base)
		row("  failing on false positives alone", fg.FalseOnly, fg.Base)
		row("  with a cosmetic error", fg.WithCosmetic, fg.Base)
		row("  failing on false or cosmetic errors alone", fg.NotTrueOnly, fg.Base)
		row("  with a true error", fg.WithTrue, fg.Base)
		row("  error findings without a verdict", fg.Unreviewed, 0)
	}
	if fg.Validated {
		row("validator-rejected plugins", fg.Rejected, 0)
		row("  with a plugforge lint error", fg.RejectedFailing, fg.Rejected)
	}
	row("marketplaces", fg.Markets.Total, 0)
	if fg.Validated {
		row("  validator-passing", fg.Markets.Base, 0)
	}
	row("  failing plugforge lint (an error)", fg.Markets.Failing, fg.Markets.Base)
	if fg.Validated {
		row("validator errors plugforge misses", len(fg.Missed), 0)
	}
	fmt.Fprintf(w, "\nerrors on %s, per rule:\n", base)
	if err := ruleTable(w, fg.Errors, fg.Reviewed, false, fg.Base); err != nil {
		return err
	}
	if len(fg.Markets.Errors) > 0 {
		fmt.Fprintf(w, "\nerrors on marketplaces (their marketplace.json), per rule:\n")
		if err := ruleTable(w, fg.Markets.Errors, fg.Reviewed, false, fg.Markets.Base); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\nwarnings on %s, per rule (* = on more than %d%% of them: review for noise):\n", base, int(NoisyShare*100))
	if err := ruleTable(w, fg.Warnings, false, true, fg.Base); err != nil {
		return err
	}
	if fg.Validated {
		fmt.Fprintf(w, "\nvalidator errors on files where plugforge reports no error: %d\n", len(fg.Missed))
		for _, m := range fg.Missed {
			fmt.Fprintf(w, "  %s: %s: %s: %s\n", m.Unit, m.File, m.Path, oneLine(m.Message))
		}
	}
	if len(fg.Broken) > 0 {
		fmt.Fprintf(w, "\nunits not measured: %d\n", len(fg.Broken))
		for _, b := range fg.Broken {
			fmt.Fprintf(w, "  %s\n", oneLine(b))
		}
	}
	return nil
}

func ruleTable(w io.Writer, rcs []RuleCount, verdicts, noisy bool, base int) error {
	if len(rcs) == 0 {
		_, err := fmt.Fprintln(w, "  (none)")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "  rule\tfindings\tplugins\tshare\t"
	if verdicts {
		head += "true\tfalse\tcosmetic\tunclear\tno verdict\t"
	}
	fmt.Fprintln(tw, head)
	for _, rc := range rcs {
		mark := ""
		if noisy && base > 0 && float64(rc.Plugins) > NoisyShare*float64(base) {
			mark = "*"
		}
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%s%s\t", rc.Rule, rc.Findings, rc.Plugins, mark, pct(rc.Plugins, base))
		if verdicts {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t", rc.True, rc.False, rc.Cosmetic, rc.Unclear, rc.NoVerdict)
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// WriteFindings writes the error findings on validator-passing units (all
// units without a validator) as tab-separated lines for review: repo, path,
// line, column, rule, message, and the verdict already recorded, if any.
func WriteFindings(w io.Writer, units []Unit, v Verdicts, validated bool) error {
	for _, u := range units {
		if validated && !u.Validator.Pass() {
			continue
		}
		for _, f := range u.Findings {
			if f.Severity != lint.Error {
				continue
			}
			r, _ := v.Of(f)
			if _, err := fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%s\t%s\t%s\n", f.Repo, f.Path, f.Line, f.Col, f.Rule, oneLine(f.Message), r.Verdict); err != nil {
				return err
			}
		}
	}
	return nil
}
