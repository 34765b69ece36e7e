package lint

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// ClaudeCode is the Claude Code release the rule set as a whole was
// checked against, as the JSON output and docs/rules.md state it; each
// rule's Doc.Checked names the release its own claim was checked against.
const ClaudeCode = "2.1.330"

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

// Doc documents a rule, field by field, for `plugforge explain` and the
// generated docs/rules.md.
type Doc struct {
	Why string // what goes wrong in Claude Code, and so why the rule exists
	// Consequence is what happens in Claude Code when the rule fires, in
	// one or two sentences, and so why the rule has its severity: error
	// when Claude Code refuses the plugin or component, loads it other
	// than the file plainly means, or something certainly fails at run
	// time; warning for a likely mistake; info for style.
	Consequence string
	Bad         string // a small example the rule reports
	Good        string // the same example, fixed
	// Fix, when set, says what `plugforge lint --fix` changes for a finding
	// of the rule; only such rules may report with Pass.ReportFix.
	Fix     string
	Checked string // the Claude Code release the behaviour was checked against, e.g. "2.1.330"
	// Witness is the CLI run behind an error rule's severity.
	Witness Witness
}

// String lays the fields out as prose: why, the consequence, then the two
// examples indented as code, then the release.
func (d Doc) String() string {
	s := strings.TrimSpace(d.Why) + "\n\nConsequence: " + strings.TrimSpace(d.Consequence) +
		"\n\nBad:\n\n" + indentCode(d.Bad) + "\n\nGood:\n\n" + indentCode(d.Good)
	if d.Fix != "" {
		s += "\n\nFix (`plugforge lint --fix`): " + strings.TrimSpace(d.Fix)
	}
	s += "\n\nChecked against Claude Code " + d.Checked + "."
	if !d.Witness.Empty() {
		s += "\n\n" + d.Witness.String()
	}
	return s
}

func indentCode(s string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n")
}

// Scope is which files a rule looks at, beyond its Kinds.
type Scope int

const (
	// AnyFile is every file of the rule's Kinds (the default): for rules
	// about the plugin as shipped, where a file matters whether or not
	// Claude Code reads it (layout, file modes, secrets, JSON syntax).
	AnyFile Scope = iota
	// Loaded is only the files Claude Code loads, reads or runs
	// (snapshot.Plugin.Loaded): components, what they name, hooks and
	// their scripts, manifests. Prompt and content rules use it, so a
	// README, docs/ or another tool's installer is never judged as a prompt.
	Loaded
	// Generated is only the files plugforge build wrote, as the variant's
	// .plugforge-manifest.json lists them: rules about plugforge's own
	// output conventions, which mean nothing in a plugin written by hand.
	Generated
)

func (s Scope) String() string {
	switch s {
	case Loaded:
		return "files Claude Code loads"
	case Generated:
		return "files plugforge generated"
	}
	return "every file it applies to, loaded or not"
}

// Includes reports whether f of plugin p is in scope.
func (s Scope) Includes(p *snapshot.Plugin, f *snapshot.File) bool {
	switch s {
	case Loaded:
		return p.Loaded(f)
	case Generated:
		return p.Generated(f)
	}
	return true
}

// Rule is one check, declared as a value in a rule file of
// generator/lint/rules (there is no other way to declare one). Besides
// the fields below (Scope narrows the files it looks at beyond Kinds), a
// rule with a mechanical fix documents it in Doc.Fix and reports it with
// Pass.ReportFix, so the fix travels with its finding.
type Rule struct {
	ID       string // family prefix + three digits, e.g. "HK003"; never reused
	Alias    string // kebab-case, e.g. "hook-root-unquoted"
	Family   Family
	Severity Severity
	Title    string // one line, lower-case start, no final period
	Doc      Doc
	Options  []Option
	// Off marks rules that run only when a config enables them.
	Off bool
	// Kinds, when set, makes the rule run once per file of these kinds
	// (in parallel, Pass.File set); otherwise it runs once per plugin.
	Kinds []snapshot.Kind
	// Scope narrows the files a rule looks at: per-file rules run only on
	// files in scope; per-plugin rules that walk files ask Pass.InScope.
	Scope Scope
	// Requires lists the analyses (generator/lint/facts) whose results
	// Check reads; reading one not listed here panics.
	Requires []Analyzer
	Check    func(*Pass)
}

// Applies reports whether a per-file rule wants file f of plugin p: one
// of its Kinds, in its Scope.
func (r *Rule) Applies(p *snapshot.Plugin, f *snapshot.File) bool {
	for _, k := range r.Kinds {
		if f.Kind == k {
			return r.Scope.Includes(p, f)
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
		if r.Title == "" || r.Check == nil || r.Severity == 0 {
			return fmt.Errorf("rule %s: title, severity and check are required", r.ID)
		}
		if r.Doc.Why == "" || r.Doc.Consequence == "" || r.Doc.Bad == "" || r.Doc.Good == "" || r.Doc.Checked == "" {
			return fmt.Errorf("rule %s: doc needs why, consequence, bad, good and the Claude Code release checked", r.ID)
		}
	}
	return nil
}
