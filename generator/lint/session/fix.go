package session

import (
	"github.com/plugforge/plugforge/generator/lint/fix"
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
// round after round, until none is left; with dryRun it only renders the
// first round's diff and writes nothing.
func Fix(o Options, paths []string, dryRun bool) (*Fixed, error) {
	out := &Fixed{}
	for round := 1; ; round++ {
		run, err := Lint(o, paths)
		if err != nil {
			return nil, err
		}
		out.Run = run
		plan := fix.NewPlan(run.Findings)
		if dryRun {
			out.Files, out.Skipped, out.Diff = plan.Files, plan.Skipped, fix.Diff(plan)
			return out, nil
		}
		if len(plan.Files) == 0 || round > maxFixRounds {
			out.Skipped = plan.Skipped
			for _, pf := range plan.Files {
				for _, f := range pf.Findings {
					out.Skipped = append(out.Skipped, fix.Skipped{Finding: f, Reason: "still fixable after the last round; run --fix again"})
				}
			}
			return out, nil
		}
		if err := fix.Apply(plan); err != nil {
			return nil, err
		}
		out.Files = append(out.Files, plan.Files...)
	}
}
