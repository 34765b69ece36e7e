package fix

import (
	"fmt"
	"io"
)

// Summary prints one line per file fixed (or, for a dry run, that would
// be) with the rules whose fixes it got, and one per fixable finding left
// alone with the reason, such as a file plugforge generated.
func Summary(w io.Writer, files []*File, skipped []Skipped, dryRun bool) {
	verb := "fixed"
	if dryRun {
		verb = "would fix"
	}
	for _, pf := range files {
		fmt.Fprintf(w, "%s %s (%s)\n", verb, pf.Display, pf.Rules())
	}
	for _, s := range skipped {
		f := s.Finding
		fmt.Fprintf(w, "not fixed: %s:%d:%d %s: %s\n", f.Path, f.Line, f.Column, f.Rule, s.Reason)
	}
}
