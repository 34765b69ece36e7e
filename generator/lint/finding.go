package lint

import (
	"sort"
)

// Finding is one reported problem.
type Finding struct {
	Path     string   `json:"path"`   // display path: plugin display root + file path, slash-separated
	Line     int      `json:"line"`   // 1-based; 0 = the file or directory as a whole
	Column   int      `json:"column"` // 1-based code points; 0 with line 0
	Rule     string   `json:"rule"`
	Alias    string   `json:"alias"`
	Family   string   `json:"family"`
	Severity Severity `json:"-"`
	Message  string   `json:"message"` // lower-case, quotes its subject
	Hint     string   `json:"hint,omitempty"`
	Source   string   `json:"source,omitempty"` // the plugforge source that produced Path
	// Fix is the finding's mechanical repair, if its rule has one (`plugforge lint --fix`).
	Fix *Fix `json:"-"`
	// Suppression is set on findings a directive or an ignore suppressed.
	Suppression *Suppression `json:"suppression,omitempty"`
}

// Less is the documented finding order: path, line, column, rule ID, message.
func Less(a, b Finding) bool {
	switch {
	case a.Path != b.Path:
		return a.Path < b.Path
	case a.Line != b.Line:
		return a.Line < b.Line
	case a.Column != b.Column:
		return a.Column < b.Column
	case a.Rule != b.Rule:
		return a.Rule < b.Rule
	}
	return a.Message < b.Message
}

// SortAndDedupe orders findings with Less and drops exact repeats of
// (path, line, column, rule, message).
func SortAndDedupe(fs []Finding) []Finding {
	sort.SliceStable(fs, func(i, j int) bool { return Less(fs[i], fs[j]) })
	out := fs[:0]
	for i, f := range fs {
		if i > 0 {
			p := out[len(out)-1]
			if p.Path == f.Path && p.Line == f.Line && p.Column == f.Column && p.Rule == f.Rule && p.Message == f.Message {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// Count tallies findings by severity.
func Count(fs []Finding) map[Severity]int {
	m := map[Severity]int{}
	for _, f := range fs {
		m[f.Severity]++
	}
	return m
}

// AtLeast reports whether any finding has severity s or higher.
func AtLeast(fs []Finding, s Severity) bool {
	for _, f := range fs {
		if f.Severity >= s {
			return true
		}
	}
	return false
}
