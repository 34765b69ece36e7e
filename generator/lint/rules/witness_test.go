package rules

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/cliview"
	"github.com/plugforge/plugforge/generator/lint"
)

// Witness tests: every error rule's severity has a witness (lint.Witness),
// and each witness fixture under testdata/_witness has a recording of the
// CLI's listing that shows what the witness says, on a plugin the rule
// fires on.

var updateWitness = flag.Bool("update-witness", false, "re-record testdata/_witness/*.listing.json with the installed Claude Code")

func witnessDir(w lint.Witness) string { return filepath.Join("testdata", "_witness", w.Fixture) }

// TestWitnessesCoverErrorRules: each error rule has exactly one of a
// fixture, a run, a pending run and a reason there is none; a warning has
// none, unless it was demoted: then a fixture or a run shows Claude Code
// carrying on.
func TestWitnessesCoverErrorRules(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range All() {
		ids[r.ID] = true
		w := r.Doc.Witness
		n := 0
		for _, s := range []string{w.Fixture, w.Run, w.Pending, w.Unwitnessable} {
			if s != "" {
				n++
			}
		}
		switch {
		case r.Severity == lint.Error && w.Demoted != "":
			t.Errorf("%s is an error rule and says it was demoted", r.ID)
		case r.Severity == lint.Error && n != 1:
			t.Errorf("%s is an error rule: give it one witness (a fixture, a Run, Pending or Unwitnessable) in witnesses.go, not %d", r.ID, n)
		case w.Demoted != "" && (r.Severity != lint.Warning || n != 1 || w.Fixture == "" && w.Run == ""):
			t.Errorf("%s was demoted: it is a warning with one fixture or run that shows Claude Code carrying on", r.ID)
		case r.Severity != lint.Error && w.Demoted == "" && n != 0:
			t.Errorf("%s is a %s rule: only error rules carry a witness, and demoted ones", r.ID, r.Severity)
		}
	}
	for id := range witnessTable() {
		if !ids[id] {
			t.Errorf("witnesses.go names %s, which is no rule", id)
		}
	}
}

// TestWitnessRecordings: each recording shows what its witness says, and
// the rule fires on the fixture, or, for a run of Also marked OK, reports
// nothing there. It needs no CLI.
func TestWitnessRecordings(t *testing.T) {
	for _, r := range All() {
		for _, w := range fixtureWitnesses(r.Doc.Witness) {
			t.Run(r.ID+"/"+w.Fixture, func(t *testing.T) {
				version, misses, err := checkRecording(w)
				if err != nil {
					t.Fatalf("%v (record it: go test ./generator/lint/rules -run TestWitnessesAgainstCLI -update-witness)", err)
				}
				if version != w.Checked {
					t.Errorf("recorded with Claude Code %s, the witness says %s", version, w.Checked)
				}
				for _, miss := range misses {
					t.Errorf("the recording does not show the witness: %s", miss)
				}
				fired, any := false, []string{}
				for _, f := range lintFixture(t, fixture{Dir: witnessDir(w)}) {
					fired = fired || f.Rule == r.ID && f.Severity == r.Severity
					if f.Rule == r.ID {
						any = append(any, f.Path+": "+f.Message)
					}
				}
				switch {
				case w.OK && len(any) > 0:
					t.Errorf("%s reports on a fixture where Claude Code works: %v", r.ID, any)
				case !w.OK && !fired:
					t.Errorf("%s reports no %s on its witness fixture", r.ID, r.Severity)
				}
			})
		}
	}
}

// fixtureWitnesses lists a witness and its Also runs that are fixtures
// with a recorded listing or marketplace run.
func fixtureWitnesses(w lint.Witness) []lint.Witness {
	var out []lint.Witness
	for _, x := range append([]lint.Witness{w}, w.Also...) {
		if x.Fixture != "" {
			out = append(out, x)
		}
	}
	return out
}

// checkRecording reads a witness's recording and lists what it misses.
func checkRecording(w lint.Witness) (version string, misses []string, err error) {
	if w.Marketplace {
		rec, err := cliview.ReadRecording[cliview.MarketplaceRun](witnessDir(w) + ".marketplace.json")
		if err != nil {
			return "", nil, err
		}
		return rec.Version, marketplaceMisses(w, rec), nil
	}
	rec, err := cliview.ReadRecording[cliview.Listing](witnessDir(w) + ".listing.json")
	if err != nil {
		return "", nil, err
	}
	return rec.Version, witnessMisses(w, rec), nil
}

// marketplaceMisses lists what a marketplace witness claims and its
// recording does not hold.
func marketplaceMisses(w lint.Witness, rec *cliview.MarketplaceRun) []string {
	if !w.Refused && len(w.Absent) == 0 && w.Problem == "" && len(w.Listed) == 0 && len(w.Copied) == 0 {
		return []string{"the witness states nothing to check (Refused, Absent, Problem, Listed or Copied)"}
	}
	var out []string
	if w.Refused == rec.Added {
		out = append(out, fmt.Sprintf("refused: the recording says added is %v", rec.Added))
	}
	outputs := []string{rec.Output}
	for _, n := range w.Absent {
		i := slices.IndexFunc(rec.Installs, func(i cliview.Install) bool { return i.Plugin == n })
		if i < 0 || rec.Installs[i].Installed {
			out = append(out, "absent "+n+": it was installed, or never tried")
		}
	}
	var registered, copied []string
	for _, i := range rec.Installs {
		outputs = append(outputs, i.Output)
		registered = append(registered, i.Registered...)
		copied = append(copied, i.Links...)
	}
	for _, n := range w.Listed {
		if !slices.Contains(registered, n) {
			out = append(out, "listed "+n+": no installed plugin registers it")
		}
	}
	for _, c := range w.Copied {
		if !slices.ContainsFunc(copied, func(l string) bool {
			return l == c+": directory" || l == c+": file"
		}) {
			out = append(out, "copied "+c+": the install did not copy it as what it points at")
		}
	}
	if w.Problem != "" && !slices.ContainsFunc(outputs, func(o string) bool { return strings.Contains(o, w.Problem) }) {
		out = append(out, "problem "+w.Problem+": not printed")
	}
	return out
}

// witnessMisses lists what the witness claims and the recording does not
// hold; a witness that claims nothing is a miss too.
func witnessMisses(w lint.Witness, rec *cliview.Listing) []string {
	var out []string
	if !w.Refused && len(w.Absent) == 0 && len(w.Listed) == 0 && w.Problem == "" && w.HookError == "" && !w.NoHook {
		return []string{"the witness states nothing to check (Refused, Absent, Listed, Problem, HookError or NoHook)"}
	}
	if w.Refused != (rec.Plugin == "") {
		out = append(out, "refused: the recording says the plugin loaded as "+rec.Plugin)
	}
	all := slices.Concat(rec.SlashCommands, rec.Skills, rec.Agents)
	for _, n := range w.Absent {
		if slices.Contains(all, n) {
			out = append(out, "absent "+n+": it is listed")
		}
	}
	for _, n := range w.Listed {
		if !slices.Contains(all, n) {
			out = append(out, "listed "+n+": it is not")
		}
	}
	if w.Problem != "" && !slices.ContainsFunc(rec.Problems, func(p string) bool { return strings.Contains(p, w.Problem) }) {
		out = append(out, "problem "+w.Problem+": not logged")
	}
	if w.HookError != "" && !slices.ContainsFunc(rec.Hooks, func(h cliview.HookRun) bool {
		return h.Outcome == "error" && strings.Contains(h.Stderr, w.HookError)
	}) {
		out = append(out, "hook error "+w.HookError+": no hook failed so")
	}
	if w.NoHook && len(rec.Hooks) > 0 {
		out = append(out, "no hook: one ran")
	}
	return out
}

// TestWitnessesAgainstCLI re-runs the installed CLI on every witness
// fixture and compares it with the recording (-update-witness rewrites
// them).
func TestWitnessesAgainstCLI(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", "..", ".."))
	bin, err := cliview.Find(root)
	if err != nil {
		t.Skipf("skipped: %v", err)
	}
	if testing.Short() {
		t.Skip("skipped with -short: it runs Claude Code once per witness")
	}
	cl := cliview.Runner{Bin: bin}
	for _, r := range All() {
		for _, w := range fixtureWitnesses(r.Doc.Witness) {
			t.Run(r.ID+"/"+w.Fixture, func(t *testing.T) {
				if w.Marketplace {
					compareMarketplace(t, cl, w)
					return
				}
				cl := cl
				cl.RunPluginCode = w.HookError != "" || w.NoHook // our own fixtures' hooks
				live, err := cl.List(context.Background(), witnessDir(w))
				if err != nil {
					t.Fatal(err)
				}
				rec, err := cliview.Recorded(witnessDir(w)+".listing.json", live, *updateWitness)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range cliview.Diff(rec, live) {
					t.Errorf("Claude Code %s differs from the recording of %s: %s", live.Version, rec.Version, d)
				}
			})
		}
	}
}

func compareMarketplace(t *testing.T, cl cliview.Runner, w lint.Witness) {
	// A witness that names what an install registers or copies needs a
	// session after the installs; the others are recorded without one.
	cl.ListInstalled = len(w.Listed) > 0 || len(w.Copied) > 0
	if cl.ListInstalled {
		cl.Timeout = 3 * cliview.DefaultTimeout // add, install and a session
	}
	live, err := cl.Marketplace(context.Background(), witnessDir(w))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := cliview.Recorded(witnessDir(w)+".marketplace.json", live, *updateWitness)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range cliview.DiffMarketplace(rec, live) {
		t.Errorf("Claude Code %s differs from the recording of %s: %s", live.Version, rec.Version, d)
	}
}
