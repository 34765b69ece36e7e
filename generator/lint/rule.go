package lint

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// ClaudeCode is the Claude Code release the rules were checked against.
const ClaudeCode = "2.1.328"

// Severity orders findings: Info < Warning < Error.
type Severity int

const (
	Info Severity = iota + 1
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "none"
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "info", "note":
		return Info, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Family groups rules; its prefix starts every rule ID in it.
type Family struct {
	Name   string // e.g. "hooks"
	Prefix string // e.g. "HK"
	Doc    string // one line
}

// Option is a documented rule setting, given in .plugforge.yaml under
// options.<rule>.<name>.
type Option struct {
	Name    string
	Default any // int, bool, string or []string; fixes the option's type
	Doc     string
}

// Rule is one check.
type Rule struct {
	ID       string // family prefix + three digits, e.g. "HK003"; never reused
	Alias    string // kebab-case, e.g. "hook-root-unquoted"
	Family   Family
	Severity Severity
	Title    string // one line, lower-case start, no final period
	// Doc says why the rule exists, gives a bad and a good example, and
	// names the Claude Code release the behaviour was checked against.
	Doc     string
	Options []Option
	// Off marks rules that run only when a config enables them.
	Off bool
	// Kinds, when set, makes the rule run once per file of these kinds
	// (in parallel, Pass.File set); otherwise it runs once per plugin.
	Kinds []snapshot.Kind
	// Requires lists the analyses (generator/lint/facts) whose results
	// Check reads; reading one not listed here panics.
	Requires []Analyzer
	Check    func(*Pass)
}

// Applies reports whether a per-file rule wants file f.
func (r *Rule) Applies(f *snapshot.File) bool {
	for _, k := range r.Kinds {
		if f.Kind == k {
			return true
		}
	}
	return false
}

// Validate reports registry mistakes: bad IDs, duplicates, missing docs.
func Validate(rules []Rule) error {
	seen := map[string]bool{}
	for _, r := range rules {
		if len(r.ID) != 5 || !strings.HasPrefix(r.ID, r.Family.Prefix) || strings.Trim(r.ID[2:], "0123456789") != "" {
			return fmt.Errorf("rule %q: ID must be %s + three digits", r.ID, r.Family.Prefix)
		}
		if r.Alias == "" || strings.ToLower(r.Alias) != r.Alias || strings.ContainsAny(r.Alias, " _") {
			return fmt.Errorf("rule %s: alias %q is not kebab-case", r.ID, r.Alias)
		}
		for _, k := range []string{r.ID, r.Alias} {
			if seen[k] {
				return fmt.Errorf("rule %s: %q registered twice", r.ID, k)
			}
			seen[k] = true
		}
		if r.Title == "" || r.Doc == "" || r.Check == nil || r.Severity == 0 {
			return fmt.Errorf("rule %s: title, doc, severity and check are required", r.ID)
		}
	}
	return nil
}
