package lint

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/lint/suppress"
)

// Aliases of the rules the engine reports about inline suppressions; like
// the configuration rules, a rule set registers them with a no-op Check.
const (
	AliasSuppressionUnused    = "suppression-unused"
	AliasSuppressionMalformed = "suppression-malformed"
	AliasSuppressionRule      = "suppression-rule-unknown"
)

// Suppression says why a finding is not reported. Kind follows SARIF's
// suppression.kind: "inSource" for a directive in the file, "external" for
// an ignore in .plugforge.yaml or an entry of the baseline.
type Suppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification"`
	Path          string `json:"path"` // where the suppression is written
	Line          int    `json:"line"`
}

// Result is a lint run: the findings to report and those suppressed.
type Result struct {
	Findings   []Finding
	Suppressed []Finding // each with Suppression set
	// Baseline is set when a baseline was applied (ApplyBaseline); the
	// findings it held back are among Suppressed.
	Baseline *BaselineReport
}

// directive is a parsed directive with its rule names resolved.
type directive struct {
	suppress.Directive
	path string
	ids  []string // per name: the rule ID, "" when the name is no rule
	used []bool
	// group names the same directive in every file generated from one
	// source (see sharedUse); "" for files plugforge did not generate.
	group string
}

// parseDirectives reads the directives of every file, reporting malformed
// ones and names that are no rule. The map is keyed by display path.
func (e *Engine) parseDirectives(files map[string]*snapshot.File) (map[string][]*directive, []Finding) {
	byPath := map[string][]*directive{}
	var meta []Finding
	for p, f := range files {
		for _, d := range suppress.Parse(f, e.canonName) {
			x := &directive{Directive: d, path: p, ids: make([]string, len(d.Names)), used: make([]bool, len(d.Names))}
			if d.Problem != "" {
				meta = e.metaFinding(meta, AliasSuppressionMalformed, p, d.Line, d.Col,
					"write <!-- plugforge-disable-next-line RULE[,RULE] reason --> (or # … in scripts); a malformed directive suppresses nothing",
					"suppression %q %s", d.Verb, d.Problem)
				continue
			}
			for i, n := range d.Names {
				x.ids[i] = e.nameRule(n.Text)
				if x.ids[i] == "" {
					meta = e.unknownName(meta, p, d.Line, n)
				}
			}
			byPath[p] = append(byPath[p], x)
		}
	}
	return byPath, meta
}

// nameRule resolves a rule ID or alias (not a family: a directive names
// exactly what it silences).
func (e *Engine) nameRule(name string) string {
	for _, r := range e.all {
		if r.ID == name || r.Alias == name {
			return r.ID
		}
	}
	return ""
}

// canonName is the rule ID a name resolves to, or the name itself.
func (e *Engine) canonName(name string) string {
	if id := e.nameRule(name); id != "" {
		return id
	}
	return name
}

func (e *Engine) unknownName(meta []Finding, p string, line int, n suppress.Name) []Finding {
	if _, ok := e.Retired[n.Text]; ok {
		return e.metaFinding(meta, AliasSuppressionRule, p, line, n.Col,
			"delete the name: the rule is no longer checked, so there is nothing to suppress",
			"suppression names retired rule %q", n.Text)
	}
	for _, r := range e.all {
		if r.Family.Name == n.Text {
			return e.metaFinding(meta, AliasSuppressionRule, p, line, n.Col,
				"name the rule IDs or aliases to suppress; `plugforge rules --family "+n.Text+"` lists them",
				"suppression names family %q, not a rule", n.Text)
		}
	}
	return e.metaFinding(meta, AliasSuppressionRule, p, line, n.Col,
		"use a rule ID or alias that `plugforge rules` lists", "suppression names %q, which is no rule ID or alias", n.Text)
}

// applyInline moves the findings a directive covers to the suppressed
// list, then reports every directive rule name that covered nothing.
func (e *Engine) applyInline(files map[string]*snapshot.File, sources map[string]string, all []Finding) (kept, suppressed []Finding) {
	byPath, meta := e.parseDirectives(files)
	if len(byPath) == 0 {
		return append(all, meta...), nil
	}
	kept, suppressed = partition(all, func(f Finding) *Suppression {
		var by *directive
		for _, d := range byPath[f.Path] {
			if !d.Covers(f.Line) {
				continue
			}
			for i, id := range d.ids {
				if id == f.Rule {
					d.used[i] = true // every directive that covers it is used, not only the first
					if by == nil {
						by = d
					}
				}
			}
		}
		if by == nil {
			return nil
		}
		return &Suppression{Kind: "inSource", Justification: by.Reason, Path: by.path, Line: by.Line}
	})
	shared := sharedUse(byPath, sources)
	for _, ds := range byPath {
		for _, d := range ds {
			if d.Scope == suppress.Enable {
				continue
			}
			for i, id := range d.ids {
				// A rule that is off cannot fire, so its suppression is not known to be stale.
				if id == "" || d.used[i] || d.group != "" && shared[d.group][i] || e.enabledRule(id) == nil {
					continue
				}
				meta = e.metaFinding(meta, AliasSuppressionUnused, d.path, d.Line, d.Names[i].Col,
					"delete the name, or move the directive to where the finding is",
					"suppression of %q matches no finding", d.Names[i].Text)
			}
		}
	}
	return append(kept, meta...), suppressed
}

// sharedUse ORs the use of each directive over the files generated from
// the same source: one directive in plugin-src lands in every variant, and
// a finding that only one variant has (its dialect, its name) must not
// make the directive "unused" in the others. A directive is identified in
// its source by its text and how many identical ones precede it.
func sharedUse(byPath map[string][]*directive, sources map[string]string) map[string][]bool {
	shared := map[string][]bool{}
	for p, ds := range byPath {
		src := sources[p]
		if src == "" {
			continue
		}
		seen := map[string]int{}
		for _, d := range ds {
			id := fmt.Sprintf("%s %v %s", d.Verb, d.Names, d.Reason)
			d.group = fmt.Sprintf("%s\x00%s\x00%d", src, id, seen[id])
			seen[id]++
			if shared[d.group] == nil {
				shared[d.group] = make([]bool, len(d.used))
			}
			for i, u := range d.used {
				shared[d.group][i] = shared[d.group][i] || u
			}
		}
	}
	return shared
}

// metaFinding appends a finding of the enabled rule with the given alias.
func (e *Engine) metaFinding(out []Finding, alias, p string, line, col int, hint, format string, args ...any) []Finding {
	r := e.ruleByAlias(alias)
	if r == nil {
		return out
	}
	if r = e.enabledRule(r.ID); r == nil {
		return out
	}
	return append(out, Finding{Path: p, Line: line, Column: col, Rule: r.ID, Alias: r.Alias, Family: r.Family.Name,
		Severity: r.Severity, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// displayFiles maps each display path to its file (the first unit that
// holds it, for a marketplace that is also a plugin), and to the source
// plugforge generated it from, if any.
func displayFiles(units []*snapshot.Plugin) (files map[string]*snapshot.File, sources map[string]string) {
	files, sources = map[string]*snapshot.File{}, map[string]string{}
	for _, u := range units {
		for _, f := range u.Files {
			p := Join(u, f.Path)
			if _, ok := files[p]; !ok && f.IsRegular() {
				files[p] = f
				if src := u.Sources[f.Path]; src != "" {
					sources[p] = src
				}
			}
		}
	}
	return files, sources
}

// partition splits findings into those kept and those suppressedBy
// suppresses, which it stamps with their suppression. suppressedBy sees
// every finding, so it can mark each directive or ignore that matched.
func partition(all []Finding, suppressedBy func(Finding) *Suppression) (kept, suppressed []Finding) {
	for _, f := range all {
		if f.Suppression = suppressedBy(f); f.Suppression == nil {
			kept = append(kept, f)
		} else {
			suppressed = append(suppressed, f)
		}
	}
	return kept, suppressed
}
