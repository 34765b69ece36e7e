package corpus

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/crosscheck"
)

func fnd(repo, p string, line int, rule string, sev lint.Severity) Finding {
	return Finding{Repo: repo, Path: p, Line: line, Col: 1, Rule: rule, Severity: sev, Message: "m"}
}

// units: a passing plugin with a true and a false error, one failing on a
// false error alone, one failing on a cosmetic error alone, a clean one
// with a warning, one the validator rejects, and a passing marketplace
// with an error.
func sampleUnits() []Unit {
	pass := Verdict{Ran: true}
	return []Unit{
		{Repo: "a/r", Rel: "p1", Manifest: true, Validator: pass, Findings: []Finding{
			fnd("a/r", "p1/x.md", 3, "XR001", lint.Error),
			fnd("a/r", "p1/y.md", 5, "CT006", lint.Error),
			fnd("a/r", "p1/y.md", 9, "FM001", lint.Warning),
		}},
		{Repo: "a/r", Rel: "p2", Manifest: true, Validator: pass, Findings: []Finding{
			fnd("a/r", "p2/z.md", 1, "CT006", lint.Error),
			fnd("a/r", "p2/z.md", 1, "CT006", lint.Error), // same line: one verdict covers both
		}},
		{Repo: "a/r", Rel: "p3", Manifest: true, Validator: pass, Findings: []Finding{
			fnd("a/r", "p3/c.md", 2, "XR006", lint.Error),
		}},
		{Repo: "b/s", Rel: ".", Manifest: false, Validator: pass, Findings: []Finding{
			fnd("b/s", "w.md", 2, "FM001", lint.Warning),
		}},
		{Repo: "b/s", Rel: "bad", Manifest: true, Validator: Verdict{Ran: true, Errors: []crosscheck.Item{{Severity: "error"}}},
			Findings: []Finding{fnd("b/s", "bad/q.md", 1, "XR003", lint.Error)},
			Missed:   []crosscheck.Item{{File: "bad/.claude-plugin/plugin.json", Path: "name", Message: "bad\nname"}}},
		{Repo: "b/s", Rel: ".", Market: true, Validator: pass, Findings: []Finding{
			fnd("b/s", ".claude-plugin/marketplace.json", 4, "SC002", lint.Error),
		}},
	}
}

func sampleVerdicts(t *testing.T) Verdicts {
	t.Helper()
	v, err := ReadVerdicts(strings.NewReader(
		"# repo\tpath\trule\tline\tverdict\tpattern\treason\n\n"+
			"a/r\tp1/x.md\tXR001\t3\tTRUE\tbare-agent\tnames no agent\n"+
			"a/r\tp1/y.md\tCT006\t5\tFALSE\tjsx\tJSX braces, not a template\n"+
			"a/r\tp2/z.md\tCT006\t1\tFALSE\tjsx\tsame\n"+
			"a/r\tp3/c.md\tXR006\t2\tCOSMETIC\tsee-also\ta dead see-also link nothing sends the model to\n"), "v.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTally(t *testing.T) {
	c := &Corpus{Repos: []string{"a/r", "b/s"}}
	fg := Tally(c, sampleUnits(), sampleVerdicts(t), true)
	for _, x := range []struct {
		name      string
		got, want int
	}{
		{"plugins", fg.Plugins, 5}, {"listed", fg.Listed, 1}, {"base", fg.Base, 4},
		{"failing", fg.Failing, 3}, {"with false", fg.WithFalse, 2}, {"false only", fg.FalseOnly, 1},
		{"with cosmetic", fg.WithCosmetic, 1}, {"false or cosmetic only", fg.NotTrueOnly, 2},
		{"with true", fg.WithTrue, 1}, {"unreviewed", fg.Unreviewed, 0},
		{"rejected", fg.Rejected, 1}, {"rejected failing", fg.RejectedFailing, 1},
		{"markets", fg.Markets.Total, 1}, {"market failing", fg.Markets.Failing, 1}, {"missed", len(fg.Missed), 1},
	} {
		if x.got != x.want {
			t.Errorf("%s = %d, want %d", x.name, x.got, x.want)
		}
	}
	want := []RuleCount{
		{Rule: "CT006", Findings: 3, Plugins: 2, False: 3},
		{Rule: "XR001", Findings: 1, Plugins: 1, True: 1},
		{Rule: "XR006", Findings: 1, Plugins: 1, Cosmetic: 1},
	}
	if len(fg.Errors) != len(want) {
		t.Fatalf("errors %+v", fg.Errors)
	}
	for i := range want {
		if fg.Errors[i] != want[i] {
			t.Errorf("errors[%d] = %+v, want %+v", i, fg.Errors[i], want[i])
		}
	}
	if len(fg.Warnings) != 1 || fg.Warnings[0].Plugins != 2 {
		t.Errorf("warnings %+v", fg.Warnings)
	}
	if len(fg.Markets.Errors) != 1 || fg.Markets.Errors[0].NoVerdict != 1 {
		t.Errorf("market errors %+v", fg.Markets.Errors)
	}
}

func TestTallyWithoutValidator(t *testing.T) {
	fg := Tally(&Corpus{}, sampleUnits(), nil, false)
	if fg.Base != 5 || fg.Failing != 4 || fg.Reviewed || fg.FalseOnly != 0 {
		t.Errorf("base %d failing %d reviewed %v falseOnly %d", fg.Base, fg.Failing, fg.Reviewed, fg.FalseOnly)
	}
}

func TestWrite(t *testing.T) {
	units := sampleUnits()
	fg := Tally(&Corpus{Repos: []string{"a/r", "b/s"}}, units, sampleVerdicts(t), true)
	var a, b bytes.Buffer
	if err := Write(&a, fg); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, Tally(&Corpus{Repos: []string{"a/r", "b/s"}}, units, sampleVerdicts(t), true)); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Error("two writes of the same figures differ")
	}
	out := a.String()
	for _, line := range []string{
		"  failing on false positives alone                1  (25%)",
		"  failing on false or cosmetic errors alone       2  (50%)",
		"  with a plugforge lint error                     1  (100%)",
		"CT006         3        2    50%     0      3         0        0           0",
		// FM001 warns on 2 of 4 base plugins: flagged for noise.
		"FM001         2        2   *50%",
		"  b/s/bad: bad/.claude-plugin/plugin.json: name: bad name",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}
	var f bytes.Buffer
	if err := WriteFindings(&f, units, sampleVerdicts(t), true); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(f.String(), "\n"); got != 6 {
		t.Errorf("%d error findings on passing units, want 6:\n%s", got, f.String())
	}
	if !strings.Contains(f.String(), "a/r\tp1/x.md\t3\t1\tXR001\tm\tTRUE\n") {
		t.Errorf("findings file:\n%s", f.String())
	}
}

func TestReadVerdictsErrors(t *testing.T) {
	for _, in := range []string{
		"a\tb\tc\t1\tTRUE\tp\n",                             // six fields
		"a\tb\tc\tx\tTRUE\tp\treason\n",                     // line not a number
		"a\tb\tc\t1\tMAYBE\tp\treason\n",                    // unknown verdict
		"a\tb\tc\t1\tTRUE\tp\t \n",                          // no reason
		"a\tb\tc\t1\tTRUE\tp\tr\na\tb\tc\t1\tFALSE\tp\tr\n", // contradiction
	} {
		if _, err := ReadVerdicts(strings.NewReader(in), "v.tsv"); err == nil || !strings.HasPrefix(err.Error(), "v.tsv:") {
			t.Errorf("%q: err %v, want one naming v.tsv and the line", in, err)
		}
	}
}
