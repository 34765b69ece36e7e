package crosscheck

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Compare runs the validator (Find) on each unit and writes to w, per file,
// where its verdict and plugforge's findings disagree: errors it reports
// that plugforge does not (a parity gap), then files where only plugforge
// reports errors (checks the validator does not make), or one line saying
// there is no gap.
func Compare(units []*snapshot.Plugin, findings []lint.Finding, w io.Writer) error {
	bin := Find()
	if bin == "" {
		return fmt.Errorf("claude not found (set PLUGFORGE_CLAUDE or put claude on PATH)")
	}
	ours := map[string][]string{} // absolute file → rule IDs with errors
	for _, f := range findings {
		if f.Severity == lint.Error {
			if abs, err := filepath.Abs(f.Path); err == nil && !slices.Contains(ours[abs], f.Rule) {
				ours[abs] = append(ours[abs], f.Rule)
			}
		}
	}
	errFiles := map[string]bool{}
	for k := range ours {
		errFiles[k] = true
	}
	theirs := map[string]bool{}
	gaps := 0
	for _, u := range units {
		items, err := Validate(bin, u.Root)
		if err != nil {
			return fmt.Errorf("%s: %w", u.Display, err)
		}
		for _, it := range items {
			if it.Severity == "error" {
				theirs[it.File] = true
			}
		}
		for _, d := range Missed(items, errFiles) {
			gaps++
			fmt.Fprintf(w, "cross-check: %s: claude plugin validate reports %q; plugforge reports no error there\n", d.File, d.Path+": "+d.Message)
		}
	}
	var extra []string
	for file, ids := range ours {
		if !theirs[file] {
			extra = append(extra, fmt.Sprintf("cross-check: %s: only plugforge reports errors (%s)", file, strings.Join(ids, ", ")))
		}
	}
	sort.Strings(extra)
	for _, e := range extra {
		fmt.Fprintln(w, e)
	}
	if gaps == 0 {
		fmt.Fprintf(w, "cross-check: plugforge reports an error wherever claude plugin validate does (%d plugins)\n", len(units))
	}
	return nil
}
