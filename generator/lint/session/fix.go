package session

import (
	"errors"

	"github.com/plugforge/plugforge/generator/lint/fix"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// maxFixRounds bounds --fix: each round lints, applies the fixes that do
// not overlap, and lints again; a later round picks up the fixes an
// earlier one had to leave because they touched the same bytes. Five is
// far more than any fix set needs (overlaps are rare), and the bound
// keeps a rule bug that re-reports its own fix from looping.
const maxFixRounds = 5

// Fixed is what `plugforge lint --fix` did.
type Fixed struct {
	// Files are the files written, round by round (a file fixed in two
	// rounds appears twice).
	Files []*fix.File
	// Skipped are fixable findings left alone: files plugforge generated,
	// and fixes still waiting when the rounds ran out.
	Skipped []fix.Skipped
	// Diff is the unified diff of a dry run ("" otherwise).
	Diff string
	// Run is the lint after fixing: what remains (for a dry run, the
	// findings as they are).
	Run *Run
}

// Fix lints the plugins at paths and applies the fixes of the findings,
// round after round, until none is left. With dryRun nothing is written:
// each round's result is linted from memory (snapshot.Overlay) by the
// next, and Diff shows every file's change over all rounds, as --fix would
// leave it.
func Fix(o Options, paths []string, dryRun bool) (*Fixed, error) {
	if o.UpdateBaseline {
		return nil, errors.New("--update-baseline cannot be combined with --fix; fix first, then record what remains")
	}
	out := &Fixed{}
	var overlay map[string]snapshot.Overlay
	var first []*fix.File // per file, its state before the first round (dry run)
	for round := 1; ; round++ {
		run, err := lintOver(o, paths, overlay)
		if err != nil {
			return nil, err
		}
		if !dryRun || out.Run == nil {
			out.Run = run // a dry run reports the findings as they are
		}
		plan := fix.NewPlan(run.Findings)
		if len(plan.Files) == 0 || round > maxFixRounds {
			out.Skipped = plan.Skipped
			for _, pf := range plan.Files {
				for _, f := range pf.Findings {
					out.Skipped = append(out.Skipped, fix.Skipped{Finding: f, Reason: "still fixable after the last round; run --fix again"})
				}
			}
			if dryRun {
				out.Diff = fix.DiffOver(first, overlay)
			}
			return out, nil
		}
		if dryRun {
			if overlay == nil {
				overlay = map[string]snapshot.Overlay{}
			}
			for _, pf := range plan.Files {
				if _, seen := overlay[pf.Abs]; !seen {
					first = append(first, pf)
				}
				overlay[pf.Abs] = snapshot.Overlay{Data: pf.Result(), Mode: pf.NewMode()}
			}
		} else if err := fix.Apply(plan); err != nil {
			return nil, err
		}
		out.Files = append(out.Files, plan.Files...)
	}
}
