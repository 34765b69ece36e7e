package corpus

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Verdicts holds reviewed error findings: whether each is a true defect.
// The file is tab-separated, one finding a line:
//
//	repo  path  rule  line  verdict  pattern  reason
//
// repo is owner/name; path is relative to the checkout; verdict is TRUE,
// FALSE, COSMETIC or UNCLEAR; pattern names the false-positive or defect pattern the
// finding belongs to; reason says, in our own words, why. Lines starting
// with "#" and blank lines are skipped. Findings of the same rule on the
// same line share one verdict.
type Verdicts map[VerdictKey]Review

// VerdictKey is what a verdict is keyed by.
type VerdictKey struct {
	Repo, Path, Rule string
	Line             int
}

// Review is one reviewed verdict.
type Review struct {
	Verdict string // TRUE, FALSE, COSMETIC or UNCLEAR
	Pattern string
	Reason  string
}

// Verdict values.
const (
	True    = "TRUE"
	False   = "FALSE"
	Unclear = "UNCLEAR"
	// Cosmetic is a real defect whose consequence is cosmetic: nothing
	// fails in Claude Code (a stale name in a heading, a dead "see also"
	// link nothing sends the model to). At error level it fails a plugin
	// for no failure, so it counts with the false ones where a plugin
	// fails on them alone.
	Cosmetic = "COSMETIC"
)

// ReadVerdicts parses a verdicts file; name is used in errors.
func ReadVerdicts(r io.Reader, name string) (Verdicts, error) {
	v := Verdicts{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			return nil, fmt.Errorf("%s:%d: want 7 tab-separated fields (repo path rule line verdict pattern reason), got %d", name, n, len(f))
		}
		ln, err := strconv.Atoi(f[3])
		if err != nil || ln < 0 {
			return nil, fmt.Errorf("%s:%d: line %q is not a line number", name, n, f[3])
		}
		switch f[4] {
		case True, False, Cosmetic, Unclear:
		default:
			return nil, fmt.Errorf("%s:%d: verdict %q is not TRUE, FALSE, COSMETIC or UNCLEAR", name, n, f[4])
		}
		if strings.TrimSpace(f[6]) == "" {
			return nil, fmt.Errorf("%s:%d: verdict without a reason", name, n)
		}
		k := VerdictKey{f[0], f[1], f[2], ln}
		if old, dup := v[k]; dup && old.Verdict != f[4] {
			return nil, fmt.Errorf("%s:%d: %s %s:%d %s already has verdict %s", name, n, f[0], f[1], ln, f[2], old.Verdict)
		}
		v[k] = Review{Verdict: f[4], Pattern: f[5], Reason: f[6]}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

// Of returns the review of f, if any.
func (v Verdicts) Of(f Finding) (Review, bool) {
	r, ok := v[VerdictKey{f.Repo, f.Path, f.Rule, f.Line}]
	return r, ok
}
