package plugintest

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/formrec"
)

// The conformance test of the dispatch protocol. It takes each result a
// subagent dispatch can get, as Claude Code prints it, and checks every
// dispatch site of every rendered command and skill: the file's "Subagent
// results" section must recognise the text as some form, and the site's
// collect step must send that form down the branch the text calls for.
//
// The agent dialect's texts are the recordings of real CLI runs
// (generator/model/testdata/recordings, one file per Claude Code version,
// refreshed by `make record-forms`), each labelled with the branch its
// probe calls for; they are read from there, not from generator/model, so
// a protocol that drifts from what the CLI prints fails.

type call int

const (
	spawn call = iota
	cont
)

// result is one printed result and the branch each call must take for it.
type result struct {
	name   string
	text   string
	calls  []call
	branch string // "take", "wait", "fail" or "fail-off"
}

// recordedResults are the dispatch results of every recording.
func recordedResults(t *testing.T) []result {
	t.Helper()
	recs, err := formrec.LoadAll(filepath.Join(repoRoot(t), formrec.DefaultDir))
	require.NoError(t, err)
	require.NotEmpty(t, recs, "no recordings")
	var out []result
	for _, rec := range recs {
		for _, run := range rec.Scenarios {
			for _, f := range run.Forms {
				c := map[string]call{"spawn": spawn, "continue": cont}
				k, ok := c[f.Call]
				if !ok {
					continue // not a dispatch's result
				}
				name := fmt.Sprintf("%s %s (%s %s, %s)", f.Form, f.Source, rec.Version, rec.Mode, run.Name)
				out = append(out, result{name, f.Text, []call{k}, f.Branch})
			}
		}
	}
	return out
}

// The classic build targets Claude Code 2.0.28 to 2.1.76, where every Task
// call blocks and returns the report or an error.
var taskResults = []result{
	{"Task report", "{\"approved\": true, \"issues\": [], \"summary\": \"ok\"}\nagentId: 5c1e2d", []call{spawn, cont}, "take"},
	{"Task error", "<tool_use_error>Error: 400 tool_use ids were found without tool_result blocks</tool_use_error>", []call{spawn, cont}, "fail"},
}

// branchWords is how a collect step words each branch, per call.
func branchMatches(branch string, c call, text string) bool {
	switch branch {
	case "take":
		return strings.Contains(text, "go on with it")
	case "wait":
		return strings.Contains(text, "wait for its notification")
	case "fail":
		if c == cont {
			return strings.Contains(text, "I3 fallback") && !strings.Contains(text, "continuation = off")
		}
		return strings.Contains(text, "fresh dispatch once more")
	case "fail-off":
		return c == cont && strings.Contains(text, "I3 fallback") && strings.Contains(text, "`continuation = off`")
	}
	return false
}

// form is one bullet of a "Result forms" list: its name and the quoted
// fragments a printed result is recognised by.
type form struct {
	name  string
	frags []string
}

var (
	formLineRE = regexp.MustCompile("^- `([^`]+)`: (.*)$")
	// Double quotes hold Claude Code's own words; backticks mark structure.
	quotedRE    = regexp.MustCompile(`"([^"]+)"`)
	collectRE   = regexp.MustCompile(`^\*\*Collect the result\*\* of .*?( \(continuation\))?:$`)
	collectLine = regexp.MustCompile("^- (`[^→]+`) → (.*)$")
	// A dispatch: a spawn or continuation block, or prose naming the spawn tool.
	blockRE = regexp.MustCompile("^(Agent|Task|SendMessage) tool call:$")
	proseRE = regexp.MustCompile("with the `(Agent|Task)` tool")
)

// resultForms parses the file's "Subagent results" section.
func resultForms(t *testing.T, path, text string) []form {
	t.Helper()
	require.Equal(t, 1, strings.Count(text, "\n## Subagent results\n"), "%s: one Subagent results section", path)
	sec := text[strings.Index(text, "\n## Subagent results\n"):]
	sec = sec[strings.Index(sec, "**Result forms**"):]
	var forms []form
	for _, l := range strings.Split(sec, "\n")[1:] {
		m := formLineRE.FindStringSubmatch(l)
		if m == nil {
			break
		}
		looks, _, _ := strings.Cut(m[2], " Note: ")
		f := form{name: m[1]}
		for _, q := range quotedRE.FindAllStringSubmatch(looks, -1) {
			f.frags = append(f.frags, q[1])
		}
		forms = append(forms, f)
	}
	require.NotEmpty(t, forms, "%s: no result forms", path)
	return forms
}

// recognise is the form a printed text is, by the section's rule: the
// first form that fits, a form without fragments fitting anything.
func recognise(forms []form, text string) string {
	for _, f := range forms {
		if len(f.frags) == 0 {
			return f.name
		}
		for _, q := range f.frags {
			if strings.Contains(text, q) {
				return f.name
			}
		}
	}
	return ""
}

// site is one dispatch and the collect step that follows it.
type site struct {
	line    int  // of the dispatch
	cont    bool // the dispatch continues a subagent
	collect map[string]string
	header  string
}

// sites pairs every dispatch in text with the next collect step; a file
// may also collect after a dispatch it only refers to (the I3 fallback).
func sites(t *testing.T, path, text string) []site {
	t.Helper()
	lines := strings.Split(text, "\n")
	// The Subagent results section describes the tools; it dispatches nothing.
	if i := strings.Index(text, "\n## Subagent results\n"); i >= 0 {
		from := strings.Count(text[:i], "\n") + 1
		to := from + 1
		for to < len(lines) && !strings.HasPrefix(lines[to], "## ") {
			to++
		}
		for k := from; k < to; k++ {
			lines[k] = ""
		}
	}
	var out []site
	var open *site
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		isBlock := blockRE.MatchString(l)
		if isBlock || proseRE.MatchString(l) {
			if open != nil {
				t.Errorf("%s:%d: dispatch without a collect step before the next dispatch at line %d", path, open.line, i+1)
			}
			cont := l == "SendMessage tool call:" || (isBlock && i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "resume:"))
			open = &site{line: i + 1, cont: cont}
			continue
		}
		m := collectRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		s := site{cont: m[1] != "", collect: map[string]string{}, header: l}
		if open != nil {
			s.line = open.line
			if open.cont != s.cont {
				t.Errorf("%s:%d: the collect step at line %d says continuation=%v, the dispatch is continuation=%v", path, open.line, i+1, s.cont, open.cont)
			}
			open = nil
		} else {
			s.line = i + 1 // a collect after a dispatch named in prose above (I3)
		}
		for j := i + 1; j < len(lines) && collectLine.MatchString(lines[j]); j++ {
			c := collectLine.FindStringSubmatch(lines[j])
			for _, name := range strings.Split(c[1], ", ") {
				s.collect[strings.Trim(name, "`")] = c[2]
			}
		}
		out = append(out, s)
	}
	if open != nil {
		t.Errorf("%s:%d: dispatch without a collect step", path, open.line)
	}
	return out
}

func TestDispatchProtocolConformance(t *testing.T) {
	for _, v := range []struct {
		dir     string
		results []result
		minimum int // collect steps, so an empty parse cannot pass
	}{
		{"iflow", recordedResults(t), 40},
		{"iflow-classic", taskResults, 40},
	} {
		t.Run(v.dir, func(t *testing.T) {
			inv := readVariant(t, filepath.Join(repoRoot(t), "dist", v.dir))
			total := 0
			for _, path := range slices.Sorted(maps.Keys(inv.markdown)) {
				text := inv.markdown[path]
				if !strings.Contains(text, "**Collect the result**") && !blockRE.MatchString(firstDispatch(text)) {
					continue
				}
				forms := resultForms(t, path, text)
				for _, s := range sites(t, path, text) {
					total++
					c := spawn
					if s.cont {
						c = cont
					}
					for _, r := range v.results {
						if !answers(r, c) {
							continue
						}
						name := recognise(forms, r.text)
						if !assert.NotEmpty(t, name, "%s: no result form recognises the %s", path, r.name) {
							continue
						}
						branch, ok := s.collect[name]
						if !assert.True(t, ok, "%s:%d: the collect step does not name form %q (%s)", path, s.line, name, r.name) {
							continue
						}
						assert.True(t, branchMatches(r.branch, c, branch), "%s:%d: %s is form %q, sent to %q; want the %s branch", path, s.line, r.name, name, branch, r.branch)
					}
				}
			}
			assert.GreaterOrEqual(t, total, v.minimum, "collect steps found")
		})
	}
}

func answers(r result, c call) bool {
	for _, x := range r.calls {
		if x == c {
			return true
		}
	}
	return false
}

// firstDispatch is the first line that opens a dispatch block, if any.
func firstDispatch(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if blockRE.MatchString(l) {
			return l
		}
	}
	return ""
}
