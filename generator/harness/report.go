package harness

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// ReportVersion is the version of the JSON report's shape
// (schemas/test-report.schema.json).
const ReportVersion = 1

// Report is the outcome of one `plugforge test` invocation.
type Report struct {
	Version int          `json:"version"`
	Plugin  string       `json:"plugin"`
	Claude  string       `json:"claude_code_version,omitempty"`
	Passed  int          `json:"passed"`
	Failed  int          `json:"failed"`
	Results []*Result    `json:"results"`
	Smoke   *SmokeReport `json:"smoke,omitempty"`
}

// NewReport tallies results.
func NewReport(plugin string, results []*Result, smoke *SmokeReport) *Report {
	r := &Report{Version: ReportVersion, Plugin: plugin, Results: results, Smoke: smoke}
	if r.Results == nil {
		r.Results = []*Result{}
	}
	for _, x := range results {
		if x.Passed {
			r.Passed++
		} else {
			r.Failed++
		}
		if r.Claude == "" {
			r.Claude = x.Version
		}
	}
	if smoke != nil {
		smoke.fill()
		r.Claude = smoke.Version
		if len(smoke.Problems) > 0 {
			r.Failed++
		} else {
			r.Passed++
		}
	}
	for _, x := range r.Results {
		if x.Failures == nil {
			x.Failures = []Failure{}
		}
	}
	return r
}

// fill makes every list of a smoke report an empty array rather than
// null, so the JSON has one shape whatever the plugin holds.
func (s *SmokeReport) fill() {
	for _, l := range []*[]SmokeComponent{&s.Commands, &s.Skills, &s.Agents} {
		if *l == nil {
			*l = []SmokeComponent{}
		}
	}
	if s.Hooks == nil {
		s.Hooks = []SmokeHook{}
	}
	for i := range s.Hooks {
		if s.Hooks[i].Outcomes == nil {
			s.Hooks[i].Outcomes = []string{}
		}
	}
	if s.MCP == nil {
		s.MCP = []SmokeMCP{}
	}
	if s.Problems == nil {
		s.Problems = []SmokeProblem{}
	}
}

// OK reports whether everything passed.
func (r *Report) OK() bool { return r.Failed == 0 }

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes one line per scenario and mode, each failure under it
// with the request/answer pair where the run diverged.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, x := range r.Results {
		status := "ok  "
		if !x.Passed {
			status = "FAIL"
		}
		fmt.Fprintf(&b, "%s %s [%s] %.1fs\n", status, x.Scenario, x.Mode, x.Seconds)
		for _, f := range x.Failures {
			fmt.Fprintf(&b, "     %s: %s: %s\n", where(x), f.Step, f.Message)
			if f.Detail != "" {
				for _, l := range strings.Split(f.Detail, "\n") {
					fmt.Fprintf(&b, "       | %s\n", l)
				}
			}
		}
		if x.Dir != "" {
			fmt.Fprintf(&b, "     kept: %s\n", x.Dir)
		}
	}
	if s := r.Smoke; s != nil {
		writeSmoke(&b, s)
	}
	fmt.Fprintf(&b, "%d passed, %d failed\n", r.Passed, r.Failed)
	_, err := io.WriteString(w, b.String())
	return err
}

func where(x *Result) string {
	if x.File != "" {
		return x.File
	}
	return x.Scenario
}

func writeSmoke(b *strings.Builder, s *SmokeReport) {
	fmt.Fprintf(b, "smoke %s on Claude Code %s (loaded: %v, %.0fs of runs)\n", s.Plugin, s.Version, s.Loaded, s.Seconds)
	for _, set := range []struct {
		kind string
		cs   []SmokeComponent
	}{{"command", s.Commands}, {"skill", s.Skills}, {"agent", s.Agents}} {
		for _, c := range set.cs {
			mark := "+"
			if !c.Registered {
				mark = "-"
			}
			fmt.Fprintf(b, "  %s %-7s %s", mark, set.kind, c.Name)
			if c.Ran != "" {
				fmt.Fprintf(b, " [%s]", c.Ran)
			}
			if c.Description != "" {
				fmt.Fprintf(b, ": %s", trim(c.Description, 80))
			}
			b.WriteByte('\n')
		}
	}
	for _, h := range s.Hooks {
		fmt.Fprintf(b, "  hook    %s: %d runs %s\n", h.Event, h.Runs, strings.Join(h.Outcomes, ","))
	}
	for _, m := range s.MCP {
		fmt.Fprintf(b, "  mcp     %s: %s\n", m.Name, m.Status)
	}
	for _, d := range s.Kept {
		fmt.Fprintf(b, "  kept: %s\n", d)
	}
	for _, p := range s.Problems {
		fmt.Fprintf(b, "  PROBLEM %s %s: %s\n", p.Kind, p.Component, strings.ReplaceAll(p.Message, "\n", " "))
	}
}

// WriteJUnit writes JUnit XML: one test suite, a test case per scenario
// and mode (and one for the smoke run), a failure element per failure.
func (r *Report) WriteJUnit(w io.Writer) error {
	type failure struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	}
	type tc struct {
		Name      string    `xml:"name,attr"`
		Classname string    `xml:"classname,attr"`
		Time      string    `xml:"time,attr"`
		Failures  []failure `xml:"failure"`
	}
	type suite struct {
		XMLName  xml.Name `xml:"testsuite"`
		Name     string   `xml:"name,attr"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Cases    []tc     `xml:"testcase"`
	}
	s := suite{Name: "plugforge test " + r.Plugin, Tests: r.Passed + r.Failed, Failures: r.Failed}
	for _, x := range r.Results {
		c := tc{Name: x.Scenario + " [" + x.Mode + "]", Classname: r.Plugin, Time: fmt.Sprintf("%.3f", x.Seconds)}
		for _, f := range x.Failures {
			c.Failures = append(c.Failures, failure{Message: f.Step + ": " + f.Message, Text: f.Detail})
		}
		s.Cases = append(s.Cases, c)
	}
	if sm := r.Smoke; sm != nil {
		c := tc{Name: "smoke", Classname: r.Plugin, Time: fmt.Sprintf("%.3f", sm.Seconds)}
		for _, p := range sm.Problems {
			c.Failures = append(c.Failures, failure{Message: p.Kind + " " + p.Component, Text: p.Message})
		}
		s.Cases = append(s.Cases, c)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
