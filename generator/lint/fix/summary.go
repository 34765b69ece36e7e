package fix

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Summary prints one line per file fixed (or, for a dry run, that would
// be) with the rules whose fixes it got over all rounds, in the order the
// files were first fixed, and one line per fixable finding left alone with
// the reason, such as a file plugforge generated.
func Summary(w io.Writer, files []*File, skipped []Skipped, dryRun bool) {
	verb := "fixed"
	if dryRun {
		verb = "would fix"
	}
	var order []string
	rules := map[string]map[string]bool{}
	for _, pf := range files {
		if rules[pf.Display] == nil {
			rules[pf.Display] = map[string]bool{}
			order = append(order, pf.Display)
		}
		for _, f := range pf.Findings {
			rules[pf.Display][f.Rule] = true
		}
	}
	for _, d := range order {
		var ids []string
		for id := range rules[d] {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		fmt.Fprintf(w, "%s %s (%s)\n", verb, d, strings.Join(ids, ", "))
	}
	for _, s := range skipped {
		f := s.Finding
		fmt.Fprintf(w, "not fixed: %s:%d:%d %s: %s\n", f.Path, f.Line, f.Column, f.Rule, s.Reason)
	}
}
