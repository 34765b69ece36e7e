package corpus

import (
	"sort"

	"github.com/plugforge/plugforge/generator/lint"
)

// Figures are the tallies of one measurement.
type Figures struct {
	Repos, Plugins, Listed int // Listed: plugins without plugin.json
	Broken                 []string
	Validated              bool // the validator ran
	Base                   int  // validator-passing plugins (all plugins without a validator)
	Failing                int  // of Base: with a lint error
	Reviewed               bool // verdicts were given
	WithFalse, FalseOnly   int  // of Base: with a false error; failing on false errors alone
	// WithCosmetic: of Base, with a cosmetic error; NotTrueOnly: failing
	// on false and cosmetic errors alone (no true or unclear one).
	WithCosmetic, NotTrueOnly int
	WithTrue                  int // of Base: with a true error
	// Rejected are the plugins the validator rejects; RejectedFailing,
	// those of them with a lint error.
	Rejected, RejectedFailing int
	Unreviewed                int // error findings on Base with no verdict
	Errors                    []RuleCount
	Warnings                  []RuleCount
	Markets                   MarketFigures
	Missed                    []Miss
}

// RuleCount is one rule's findings (and plugins with any) on Base.
type RuleCount struct {
	Rule                                      string
	Findings, Plugins                         int
	True, False, Cosmetic, Unclear, NoVerdict int // errors only, with verdicts
}

// MarketFigures are the marketplace units' tallies.
type MarketFigures struct {
	Total, Base, Failing int
	Errors               []RuleCount
}

// Miss is one validator error on a file where lint reports none.
type Miss struct{ Unit, File, Path, Message string }

// Tally computes the figures of units; v may be nil.
func Tally(c *Corpus, units []Unit, v Verdicts, validated bool) Figures {
	fg := Figures{Repos: len(c.Repos), Validated: validated, Reviewed: v != nil}
	errs, warns := map[string]*RuleCount{}, map[string]*RuleCount{}
	merrs := map[string]*RuleCount{}
	for _, u := range units {
		if u.Err != "" {
			fg.Broken = append(fg.Broken, Key(u.Repo, u.Rel)+": "+u.Err)
		}
		for _, m := range u.Missed {
			fg.Missed = append(fg.Missed, Miss{Key(u.Repo, u.Rel), m.File, m.Path, m.Message})
		}
		if u.Market {
			fg.Markets.Total++
			if validated && !u.Validator.Pass() {
				continue
			}
			fg.Markets.Base++
			if hasError(u.Findings) {
				fg.Markets.Failing++
			}
			count(merrs, u.Findings, lint.Error, v, nil)
			continue
		}
		fg.Plugins++
		if !u.Manifest {
			fg.Listed++
		}
		if validated && !u.Validator.Pass() {
			fg.Rejected++
			if hasError(u.Findings) {
				fg.RejectedFailing++
			}
			continue
		}
		fg.Base++
		if !hasError(u.Findings) {
			count(warns, u.Findings, lint.Warning, nil, nil)
			continue
		}
		fg.Failing++
		var t, f, cos, other int
		count(errs, u.Findings, lint.Error, v, func(r Review, ok bool) {
			switch {
			case ok && r.Verdict == True:
				t++
			case ok && r.Verdict == False:
				f++
			case ok && r.Verdict == Cosmetic:
				cos++
			default:
				other++
			}
			if !ok {
				fg.Unreviewed++
			}
		})
		count(warns, u.Findings, lint.Warning, nil, nil)
		if t > 0 {
			fg.WithTrue++
		}
		if f > 0 {
			fg.WithFalse++
			if t == 0 && other == 0 && cos == 0 {
				fg.FalseOnly++
			}
		}
		if cos > 0 {
			fg.WithCosmetic++
		}
		if f+cos > 0 && t == 0 && other == 0 {
			fg.NotTrueOnly++
		}
	}
	fg.Errors, fg.Warnings, fg.Markets.Errors = sorted(errs), sorted(warns), sorted(merrs)
	sort.Strings(fg.Broken)
	sort.Slice(fg.Missed, func(i, j int) bool {
		a, b := fg.Missed[i], fg.Missed[j]
		if a.Unit != b.Unit {
			return a.Unit < b.Unit
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Path+a.Message < b.Path+b.Message
	})
	return fg
}

func hasError(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == lint.Error {
			return true
		}
	}
	return false
}

// count adds the unit's findings of severity sev to m, one plugin per rule,
// and their verdicts; each calls back with the review.
func count(m map[string]*RuleCount, fs []Finding, sev lint.Severity, v Verdicts, each func(Review, bool)) {
	seen := map[string]bool{}
	for _, f := range fs {
		if f.Severity != sev {
			continue
		}
		rc := m[f.Rule]
		if rc == nil {
			rc = &RuleCount{Rule: f.Rule}
			m[f.Rule] = rc
		}
		rc.Findings++
		if !seen[f.Rule] {
			seen[f.Rule] = true
			rc.Plugins++
		}
		r, ok := v.Of(f)
		switch {
		case ok && r.Verdict == True:
			rc.True++
		case ok && r.Verdict == False:
			rc.False++
		case ok && r.Verdict == Cosmetic:
			rc.Cosmetic++
		case ok:
			rc.Unclear++
		default:
			rc.NoVerdict++
		}
		if each != nil {
			each(r, ok)
		}
	}
}

func sorted(m map[string]*RuleCount) []RuleCount {
	out := make([]RuleCount, 0, len(m))
	for _, rc := range m {
		out = append(out, *rc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rule < out[j].Rule })
	return out
}
