package lint

import "testing"

// TestWitnessStringAlso: a further run of the same rule is printed after
// the first, with its own release, and a demotion still leads.
func TestWitnessStringAlso(t *testing.T) {
	w := Witness{Run: "X001", Checked: "2.1.330", Shows: "one form fails.",
		Also: []Witness{{Run: "X001-other", Checked: "2.1.332", Shows: "another form fails."}}}
	want := "Witness (Claude Code 2.1.330): one form fails. Run `generator/lint/witness/testdata/X001` (plugin, scenario, recorded evidence)." +
		" Also (Claude Code 2.1.332): another form fails. Run `generator/lint/witness/testdata/X001-other` (plugin, scenario, recorded evidence)."
	if got := w.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	w.Demoted, w.Also = "it carries on.", nil
	if got, want := w.String(), "Demoted to warning: it carries on. Witness (Claude Code 2.1.330): one form fails. Run `generator/lint/witness/testdata/X001` (plugin, scenario, recorded evidence)."; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
