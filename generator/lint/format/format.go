package format

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/baseline"
)

// Formats lists the accepted --format values.
var Formats = []string{"text", "json", "sarif", "github"}

// Report is what a lint run produced.
type Report struct {
	Findings []lint.Finding
	// Suppressed findings are not printed as findings; text counts them,
	// json lists them apart, sarif carries them with "suppressions".
	Suppressed []lint.Finding
	Rules      []*lint.Rule // the enabled rules, with effective severities
	Plugins    int          // units linted
	Version    string       // plugforge version, for SARIF
	// Baseline is set when a baseline was applied: the findings it held
	// back are among Suppressed (Matched of them), and its stale entries
	// are reported so the file can be pruned.
	Baseline *lint.BaselineReport
}

// baselined is how many of the suppressed findings the baseline holds
// back (a report may carry the count without the findings: the build's
// gate prints only its errors).
func (r Report) baselined() int {
	if r.Baseline == nil {
		return 0
	}
	return min(r.Baseline.Matched, len(r.Suppressed))
}

// staleNote says how many baseline entries no finding matched, and how to
// prune them; "" when there are none.
func (r Report) staleNote() string {
	if r.Baseline == nil || len(r.Baseline.Stale) == 0 {
		return ""
	}
	n := r.Baseline.StaleCount()
	return fmt.Sprintf("%s of %s no longer found: --update-baseline prunes %s",
		plural(n, "baselined finding"), r.Baseline.Path, map[bool]string{true: "it", false: "them"}[n == 1])
}

// Write renders r in the named format.
func Write(w io.Writer, format string, r Report) error {
	switch format {
	case "text":
		return writeText(w, r)
	case "json":
		return writeJSON(w, r)
	case "sarif":
		return writeSARIF(w, r)
	case "github":
		return writeGitHub(w, r)
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
}

func where(f lint.Finding) string {
	if f.Line <= 0 {
		return f.Path
	}
	return fmt.Sprintf("%s:%d:%d", f.Path, f.Line, f.Column)
}

func writeText(w io.Writer, r Report) error {
	var b strings.Builder
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "%s: %s: %s (%s)\n", where(f), f.Severity, f.Message, f.Rule)
		if f.Hint != "" {
			fmt.Fprintf(&b, "    hint: %s\n", f.Hint)
		}
		if f.Source != "" {
			fmt.Fprintf(&b, "    source: %s\n", f.Source)
		}
	}
	c := lint.Count(r.Findings)
	fmt.Fprintf(&b, "%s, %s, %s in %s", plural(c[lint.Error], "error"), plural(c[lint.Warning], "warning"),
		plural(c[lint.Info], "info"), plural(r.Plugins, "plugin"))
	if n := len(r.Suppressed) - r.baselined(); n > 0 {
		fmt.Fprintf(&b, "; %d suppressed", n)
	}
	if r.Baseline != nil {
		fmt.Fprintf(&b, "; %d baselined", r.Baseline.Matched)
	}
	b.WriteString("\n")
	if note := r.staleNote(); note != "" {
		b.WriteString("note: " + note + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	if w == "info" {
		return fmt.Sprintf("%d infos", n)
	}
	return fmt.Sprintf("%d %ss", n, w)
}

type jsonFinding struct {
	lint.Finding
	Severity string `json:"severity"`
	Fixable  bool   `json:"fixable,omitempty"`
}

func jsonFindings(in []lint.Finding) []jsonFinding {
	fs := make([]jsonFinding, len(in))
	for i, f := range in {
		fs[i] = jsonFinding{f, f.Severity.String(), fixable(f)}
	}
	return fs
}

// fixable reports whether `plugforge lint --fix` would repair f: it has a
// fix, it is not suppressed (--fix leaves those alone), and the file is not
// one plugforge generated (those are fixed in their plugin-src source).
func fixable(f lint.Finding) bool { return f.Fix != nil && !f.Fix.Generated && f.Suppression == nil }

func writeJSON(w io.Writer, r Report) error {
	c := lint.Count(r.Findings)
	summary := map[string]int{"error": c[lint.Error], "warning": c[lint.Warning], "info": c[lint.Info],
		"suppressed": len(r.Suppressed), "plugins": r.Plugins}
	out := map[string]any{
		"version":    1,
		"tool":       map[string]any{"name": "plugforge", "claudeCode": lint.ClaudeCode},
		"findings":   jsonFindings(r.Findings),
		"suppressed": jsonFindings(r.Suppressed),
		"summary":    summary,
	}
	if b := r.Baseline; b != nil {
		summary["baselined"], summary["stale"] = b.Matched, b.StaleCount()
		stale := b.Stale
		if stale == nil {
			stale = []baseline.Entry{}
		}
		out["baseline"] = map[string]any{"path": b.Path, "stale": stale}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeGitHub emits workflow commands; see
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions.
func writeGitHub(w io.Writer, r Report) error {
	var b strings.Builder
	for _, f := range r.Findings {
		level := map[lint.Severity]string{lint.Error: "error", lint.Warning: "warning", lint.Info: "notice"}[f.Severity]
		props := "file=" + escProp(f.Path)
		if f.Line > 0 {
			props += fmt.Sprintf(",line=%d,col=%d", f.Line, f.Column)
		}
		props += ",title=" + escProp(f.Rule+" "+f.Alias)
		msg := f.Message
		if f.Hint != "" {
			msg += "\n" + f.Hint
		}
		if f.Source != "" {
			msg += "\nsource: " + f.Source
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", level, props, escData(msg))
	}
	if note := r.staleNote(); note != "" {
		fmt.Fprintf(&b, "::notice title=plugforge baseline::%s\n", escData(note))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func escData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
