package model_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/formrec"
	"github.com/plugforge/plugforge/generator/model"
)

// The Agent/SendMessage protocol against what Claude Code printed in the
// probe runs (testdata/recordings, written by `make record-forms`): each
// recorded text must be recognised as the form its probe provoked and go
// down the branch the probe's label names; each fragment the protocol
// quotes must have been printed.

func recordings(t *testing.T) []*formrec.Recording {
	t.Helper()
	recs, err := formrec.LoadAll("testdata/recordings")
	require.NoError(t, err)
	require.NotEmpty(t, recs, "no recordings in testdata/recordings")
	return recs
}

// recognise names the first form one of whose fragments the text holds;
// a result marked as an error that no fragment names is the error form.
func recognise(p *model.Protocol, text string, isError bool) *model.ResultForm {
	for i, f := range p.Forms {
		for _, q := range slices.Concat(f.Texts, f.Unrecorded) {
			if strings.Contains(text, q) {
				return &p.Forms[i]
			}
		}
	}
	if isError {
		for i, f := range p.Forms {
			if f.Name == "error" {
				return &p.Forms[i]
			}
		}
	}
	return nil
}

func TestProtocolRecognisesEveryRecordedForm(t *testing.T) {
	p := model.AgentSendMessage.Protocol()
	n := 0
	for _, rec := range recordings(t) {
		for _, run := range rec.Scenarios {
			for _, f := range run.Forms {
				if f.Call != string(model.Spawn) && f.Call != string(model.Continue) {
					continue // not a dispatch's result (TaskStop's answer)
				}
				n++
				where := rec.Version + " " + rec.Mode + " " + run.Name + ": " + f.Source
				got := recognise(p, f.Text, f.IsError)
				if !assert.NotNil(t, got, "%s: no form recognises the recorded %s:\n%s", where, f.Form, f.Text) {
					continue
				}
				assert.Equal(t, f.Form, got.Name, "%s: recorded as %s, read as %s:\n%s", where, f.Form, got.Name, f.Text)
				assert.Equal(t, f.Branch, string(got.Branch), "%s: form %s", where, got.Name)
				assert.True(t, got.Answers(model.Call(f.Call)), "%s: form %s does not list the call %s", where, got.Name, f.Call)
			}
		}
	}
	assert.GreaterOrEqual(t, n, 25, "recorded dispatch results")
}

var quoted = regexp.MustCompile(`"([^"]+)"`)

func TestProtocolQuotesOnlyRecordedOrKnownTexts(t *testing.T) {
	p := model.AgentSendMessage.Protocol()
	printed := map[string][]string{} // form → recorded texts
	var all []string
	for _, rec := range recordings(t) {
		for _, run := range rec.Scenarios {
			for _, f := range run.Forms {
				printed[f.Form] = append(printed[f.Form], f.Text)
				all = append(all, f.Text)
			}
		}
	}
	in := func(texts []string, q string) bool {
		return slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, q) })
	}
	for _, f := range p.Forms {
		for _, q := range f.Texts {
			assert.True(t, in(printed[f.Name], q), "form %s: %q is in no recording of it", f.Name, q)
		}
		for _, q := range f.Unrecorded {
			assert.False(t, in(all, q), "form %s: %q was recorded: move it to Texts", f.Name, q)
		}
		for _, m := range quoted.FindAllStringSubmatch(f.Looks, -1) {
			assert.True(t, slices.Contains(f.Texts, m[1]) || slices.Contains(f.Unrecorded, m[1]),
				"form %s quotes %q, which is neither a recorded text nor an unrecorded one", f.Name, m[1])
		}
	}
}

func TestProtocolNamesTheRecordedReleases(t *testing.T) {
	var vs []string
	for _, rec := range recordings(t) {
		if !slices.Contains(vs, rec.Version) {
			vs = append(vs, rec.Version)
		}
	}
	want := strings.Join(vs, " and ")
	if len(vs) > 2 {
		want = strings.Join(vs[:len(vs)-1], ", ") + " and " + vs[len(vs)-1]
	}
	assert.Equal(t, want, model.AgentSendMessage.Protocol().Checked)
}

// TestForegroundClaimsRecorded: where the protocol says run_in_background
// is offered and where not, as the recorded runs show it.
func TestForegroundClaimsRecorded(t *testing.T) {
	n := 0
	for _, rec := range recordings(t) {
		for _, run := range rec.Scenarios {
			offered := slices.Contains(run.AgentParams, "run_in_background")
			var first formrec.Form
			for _, f := range run.Forms {
				if f.Source == "Agent 1" {
					first = f
				}
			}
			where := rec.Version + " " + rec.Mode + " " + run.Name
			switch {
			case run.Name == "foreground" && rec.Mode == "print":
				// Offered in claude -p, where the spawn then blocks.
				assert.True(t, offered, where)
				assert.Equal(t, "report", first.Form, where)
				n++
			case run.Name == "foreground" && rec.Mode == "interactive":
				// Not offered interactively; naming it changes nothing.
				assert.False(t, offered, where)
				assert.Equal(t, "launched", first.Form, where)
				n++
			case run.Name == "no-background":
				assert.False(t, offered, where)
				assert.Equal(t, "report", first.Form, where)
				n++
			}
		}
	}
	assert.GreaterOrEqual(t, n, 4, "recorded foreground runs")
	p := model.AgentSendMessage.Protocol()
	assert.Contains(t, p.Foreground.Offered, "`claude -p`")
	assert.Contains(t, p.Foreground.Absent, "interactive sessions do not offer it")
	assert.Contains(t, p.Foreground.Absent, "CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1")
}
