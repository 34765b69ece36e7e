package witness

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

//go:embed testdata/*/*.yaml testdata/*/*.txt
var files embed.FS

// Witness is one rule's run.
type Witness struct {
	// Rule is the rule's ID, and Name the directory: the ID, or
	// "<ID>-<form>" for a further run of the same rule (lint.Witness.Also).
	Rule  string `yaml:"-"`
	Name  string `yaml:"-"`
	Claim string `yaml:"claim"` // what the run shows, in a sentence
	// Evidence is the text the run must print, found in what Evidence
	// collects (tool results, hook runs, MCP status, the result).
	Evidence string `yaml:"evidence"`
	// Fixture is the plugin run, relative to the witness's directory:
	// "plugin" unless it reuses a rule fixture.
	Fixture string `yaml:"fixture"`
	// Validate adds `claude plugin validate --strict`'s errors to the
	// evidence, for defects the loader accepts but the validator refuses.
	Validate bool `yaml:"validate"`
	// Absent is text no evidence line may hold: what a defect keeps from
	// happening (a hook that never runs), beside Evidence showing that
	// its like does happen.
	Absent string `yaml:"absent"`
	// Log adds the errors of the CLI's debug log to the evidence, for
	// what the CLI reports nowhere else (a language server it refuses).
	Log bool `yaml:"log"`
	// Unreadable is a file of the fixture made mode 000 before the run
	// (git cannot store one), in a copy, with the CLI run as a user
	// other than root, who reads anything.
	Unreadable string `yaml:"unreadable"`
	// Tamper is a file of the fixture made world-writable (mode 0777,
	// which git cannot store either) in a copy, to which another local
	// user appends a line before the run: what such a mode lets anyone do.
	Tamper string `yaml:"tamper"`
	// Casefold holds files, by path and content, that a copy of the
	// fixture gains beside the fixture's files whose names differ from
	// theirs only in letter case (git checkouts on macOS and Windows, and
	// Go module zips, cannot hold both, so the repository holds one). The
	// CLI runs that copy from a case-insensitive file system (exFAT), as a
	// checkout or an install there would leave it.
	Casefold map[string]string `yaml:"casefold"`
	// Recorded is the line that held the evidence in the last recorded
	// run, and Version the release that printed it ("" when not yet run).
	Recorded, Version string `yaml:"-"`
}

// Dir is the witness's directory, relative to this package.
func (w Witness) Dir() string { return path.Join("testdata", w.Name) }

// Plugin is the fixture's directory, relative to this package.
func (w Witness) Plugin() string { return path.Join(w.Dir(), w.Fixture) }

// All returns every witness, by rule ID.
func All() ([]Witness, error) {
	dirs, err := fs.ReadDir(files, "testdata")
	if err != nil {
		return nil, fmt.Errorf("witness: %w", err)
	}
	var out []Witness
	for _, d := range dirs {
		w, err := load(d.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func load(name string) (Witness, error) {
	rule, _, _ := strings.Cut(name, "-")
	w := Witness{Rule: rule, Name: name}
	data, err := files.ReadFile(path.Join("testdata", name, "witness.yaml"))
	if err != nil {
		return w, fmt.Errorf("witness: %w", err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&w); err != nil {
		return w, fmt.Errorf("witness: testdata/%s/witness.yaml: %w", name, err)
	}
	if w.Fixture == "" {
		w.Fixture = "plugin"
	}
	if rec, err := files.ReadFile(path.Join("testdata", name, "recorded.txt")); err == nil {
		w.Version, w.Recorded, _ = strings.Cut(strings.TrimSpace(string(rec)), "\n")
		w.Version = strings.TrimPrefix(w.Version, "Claude Code ")
	}
	return w, nil
}
