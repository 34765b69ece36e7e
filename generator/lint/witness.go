package lint

import (
	"fmt"
	"strings"
)

// Witness is the run of Claude Code behind an error rule's severity: a
// fixture plugin whose listing, read from the CLI's system/init message
// (generator/cliview) with the SessionStart hooks that ran before it, and
// recorded beside it, shows the failure the rule predicts. A rule whose failure only a later kind of run can show says so
// in Pending; one no run here can show a failure for says why in
// Unwitnessable. A rule whose run shows Claude Code carrying on is a
// warning, and its witness says so in Demoted, beside the run.
// generator/lint/rules' tests hold every error rule to having exactly one
// of the four, every demoted warning to its run, and each fixture to its
// recording and, when the CLI is installed, to a fresh run.
type Witness struct {
	// Fixture names the plugin under generator/lint/rules/testdata/_witness/
	// (its recording is <Fixture>.listing.json there).
	Fixture string
	// Marketplace makes the fixture a marketplace, run through
	// `claude plugin marketplace add` and `claude plugin install` (its
	// recording is <Fixture>.marketplace.json): Refused then means the
	// add failed, Absent the entries that did not install, and Problem
	// is text in what either printed.
	Marketplace bool
	Shows       string // what the recording shows, one sentence
	Checked     string // the Claude Code release the recording was made with
	// What the recording must hold, so a test can check that it does.
	Refused bool     // the CLI did not load the plugin
	Absent  []string // full names the files mean that the CLI did not register
	Listed  []string // full names the CLI registered (instead)
	Problem string   // text in one of the problems the CLI logged
	// HookError is text in the standard error of a SessionStart hook that
	// failed; NoHook says no hook ran, though the fixture declares one.
	// Either makes the run let the fixture's hooks run.
	HookError string
	NoHook    bool
	// Run names a witness that needs a model turn, an MCP start or the
	// validator: generator/lint/witness/testdata/<Run> holds its plugin,
	// the scenario generator/harness runs and the recorded evidence.
	Run string
	// Pending is the run that will witness a failure the listing cannot
	// show (a model turn: generator/harness, issue 18).
	Pending string
	// Unwitnessable says why no run of Claude Code shows a failure.
	Unwitnessable string
	// Demoted says why the rule is a warning and not an error: its
	// Fixture or Run shows Claude Code carrying on (Shows says how).
	Demoted string
	// Also are further runs of the same rule, each showing another form
	// of the defect (XR001: a misspelt agent, and "plugin::agent"), or,
	// with OK, a form the rule leaves alone. Each is a Run or a Fixture,
	// with Checked and Shows and, for a fixture, what its recording must
	// hold. Their directories are named "<rule>-<form>".
	Also []Witness
	// OK marks a run of Also that shows Claude Code working where the
	// rule, by a judgement, stays silent (a skill behind a symlink to a
	// directory registers): the rule must report nothing on its fixture.
	OK bool
	// Copied are paths of symlinks in a Marketplace fixture's plugin that
	// `claude plugin install` must copy into the plugin's cache as what
	// they point at (a directory or a file), not as links.
	Copied []string
}

// WitnessDir is where witness fixtures live, relative to the repository.
const WitnessDir = "generator/lint/rules/testdata/_witness"

// Empty reports whether nothing is recorded.
func (w Witness) Empty() bool {
	return w.Fixture == "" && w.Run == "" && w.Pending == "" && w.Unwitnessable == "" && w.Demoted == ""
}

// RunDir is where Run witnesses live, relative to the repository.
const RunDir = "generator/lint/witness/testdata"

// String is the witness as one paragraph of docs/rules.md and explain.
func (w Witness) String() string {
	out := w.one()
	for _, a := range w.Also {
		label := "Also ("
		if a.OK {
			label = "Not reported, as it works (" // a judgement's run
		}
		out += " " + strings.Replace(a.one(), "Witness (", label, 1)
	}
	return out
}

// one is the witness without its Also.
func (w Witness) one() string {
	if why := strings.TrimSpace(w.Demoted); why != "" {
		w.Demoted = ""
		return "Demoted to warning: " + why + " " + w.one()
	}
	switch {
	case w.Fixture != "":
		rec := ".listing.json"
		if w.Marketplace {
			rec = ".marketplace.json"
		}
		return fmt.Sprintf("Witness (Claude Code %s): %s Fixture `%s/%s`, recording `%s%s`.",
			w.Checked, strings.TrimSpace(w.Shows), WitnessDir, w.Fixture, w.Fixture, rec)
	case w.Run != "":
		return fmt.Sprintf("Witness (Claude Code %s): %s Run `%s/%s` (plugin, scenario, recorded evidence).",
			w.Checked, strings.TrimSpace(w.Shows), RunDir, w.Run)
	case w.Pending != "":
		return "Witness: pending, " + strings.TrimSpace(w.Pending)
	case w.Unwitnessable != "":
		return "Witness: none, " + strings.TrimSpace(w.Unwitnessable)
	}
	return ""
}
