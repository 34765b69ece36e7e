package format

import (
	"encoding/json"
	"io"
	"net/url"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
)

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the subset
// GitHub code scanning reads.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
	// Properties carries the baseline's file and stale count (§3.8).
	Properties map[string]any `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID               string         `json:"id"`
	Name             string         `json:"name"`
	ShortDescription sarifText      `json:"shortDescription"`
	FullDescription  sarifText      `json:"fullDescription"`
	Help             sarifText      `json:"help"`
	DefaultConfig    map[string]any `json:"defaultConfiguration"`
	Properties       map[string]any `json:"properties"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex *int            `json:"ruleIndex,omitempty"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
	// BaselineState (§3.27.24) is set when a baseline was applied: "new"
	// for a finding it does not record, "unchanged" for one it does.
	BaselineState string `json:"baselineState,omitempty"`
	// Suppressions is set (non-empty) on suppressed results only: SARIF
	// reads an empty array as "not suppressed" too, but absent is plainer.
	Suppressions []sarifSuppression `json:"suppressions,omitempty"`
	// Fixes carries the finding's mechanical repair (SARIF 2.1.0 §3.55) as
	// byte replacements; a fix that only changes a file's mode has no
	// SARIF form and is left out.
	Fixes []sarifFix `json:"fixes,omitempty"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	Artifact     map[string]string  `json:"artifactLocation"`
	Replacements []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	Deleted  sarifByteRegion `json:"deletedRegion"`
	Inserted *sarifText      `json:"insertedContent,omitempty"`
}

type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

// sarifSuppression is SARIF 2.1.0 §3.35: kind "inSource" for a directive
// in the file, "external" for an ignore in .plugforge.yaml.
type sarifSuppression struct {
	Kind          string         `json:"kind"`
	Justification string         `json:"justification,omitempty"`
	Location      *sarifLocation `json:"location,omitempty"`
}

type sarifLocation struct {
	Physical sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	Artifact map[string]string `json:"artifactLocation"`
	Region   *sarifRegion      `json:"region,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

func sarifLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "note"
}

func writeSARIF(w io.Writer, r Report) error {
	drv := sarifDriver{Name: "plugforge", Version: r.Version, InformationURI: "https://github.com/plugforge/plugforge", Rules: []sarifRule{}}
	index := map[string]int{}
	for _, rule := range r.Rules {
		index[rule.ID] = len(drv.Rules)
		first, _, _ := strings.Cut(strings.TrimSpace(rule.Doc.Why), "\n\n")
		drv.Rules = append(drv.Rules, sarifRule{
			ID: rule.ID, Name: rule.Alias,
			ShortDescription: sarifText{rule.Title},
			FullDescription:  sarifText{strings.Join(strings.Fields(first), " ")},
			Help:             sarifText{rule.Doc.String()},
			DefaultConfig:    map[string]any{"level": sarifLevel(rule.Severity)},
			Properties:       map[string]any{"tags": []string{rule.Family.Name, "claude-code-plugin"}},
		})
	}
	results := []sarifResult{}
	fixDocs := map[string]string{}
	for _, rule := range r.Rules {
		fixDocs[rule.ID] = strings.Join(strings.Fields(rule.Doc.Fix), " ")
	}
	state := func(held bool) string {
		switch {
		case r.Baseline == nil:
			return ""
		case held:
			return "unchanged"
		}
		return "new"
	}
	for _, f := range r.Findings {
		res := sarifResultOf(f, index)
		res.Fixes = sarifFixesOf(f, fixDocs[f.Rule])
		res.BaselineState = state(false)
		results = append(results, res)
	}
	for _, f := range r.Suppressed {
		res := sarifResultOf(f, index)
		if sp := f.Suppression; sp != nil {
			loc := locationOf(sp.Path, sp.Line, 1)
			res.Suppressions = []sarifSuppression{{Kind: sp.Kind, Justification: sp.Justification, Location: &loc}}
			res.BaselineState = state(r.Baseline != nil && sp.Path == r.Baseline.Path && sp.Kind == "external")
		}
		results = append(results, res)
	}
	run := sarifRun{Tool: sarifTool{drv}, ColumnKind: "unicodeCodePoints", Results: results}
	if b := r.Baseline; b != nil {
		run.Properties = map[string]any{"baseline": map[string]any{"path": b.Path, "baselined": b.Matched, "stale": b.StaleCount()}}
	}
	log := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func locationOf(p string, line, col int) sarifLocation {
	loc := sarifLocation{Physical: sarifPhysical{Artifact: map[string]string{"uri": uri(p)}}}
	if line > 0 {
		loc.Physical.Region = &sarifRegion{StartLine: line, StartColumn: col}
	}
	return loc
}

func sarifResultOf(f lint.Finding, index map[string]int) sarifResult {
	msg := f.Message
	if f.Hint != "" {
		msg += " (" + f.Hint + ")"
	}
	if f.Source != "" {
		msg += " [source: " + f.Source + "]"
	}
	var idx *int
	if i, ok := index[f.Rule]; ok {
		idx = &i
	}
	return sarifResult{RuleID: f.Rule, RuleIndex: idx, Level: sarifLevel(f.Severity),
		Message: sarifText{msg}, Locations: []sarifLocation{locationOf(f.Path, f.Line, f.Column)}}
}

// uri turns a slash path into a URI reference: relative paths stay relative
// (what code scanning wants, from the repository root), absolute ones
// become file:// URIs.
func uri(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	u := strings.Join(segs, "/")
	if strings.HasPrefix(p, "/") {
		return "file://" + u
	}
	return u
}

// sarifFixesOf is f's fix as SARIF: one artifact change of byte
// replacements, described by the rule's documented fix.
func sarifFixesOf(f lint.Finding, doc string) []sarifFix {
	if !fixable(f) || len(f.Fix.Edits) == 0 {
		return nil
	}
	p := f.Fix.Display
	if p == "" {
		p = f.Path
	}
	ch := sarifArtifactChange{Artifact: map[string]string{"uri": uri(p)}}
	for _, e := range f.Fix.Edits {
		rep := sarifReplacement{Deleted: sarifByteRegion{ByteOffset: e.Start, ByteLength: e.End - e.Start}}
		if e.New != "" {
			rep.Inserted = &sarifText{e.New}
		}
		ch.Replacements = append(ch.Replacements, rep)
	}
	if doc == "" {
		doc = "plugforge lint --fix"
	}
	return []sarifFix{{Description: sarifText{doc}, ArtifactChanges: []sarifArtifactChange{ch}}}
}
