package formrec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Recording is what one CLI version printed for every probe, in one mode.
type Recording struct {
	Version   string `json:"claude_code_version"`
	Mode      string `json:"mode"`
	Refresh   string `json:"refresh"` // the command that writes this file
	Scenarios []Run  `json:"scenarios"`
}

// Run is one probe's run: what the CLI offered, how the run went,
// and the texts it printed.
type Run struct {
	Name string            `json:"name"`
	Env  map[string]string `json:"env,omitempty"`
	Args []string          `json:"args,omitempty"`
	// AgentParams are the Agent tool's parameters in the main thread's
	// first request: whether run_in_background is offered.
	AgentParams []string `json:"agent_params"`
	// AskedAfterEndTurn: the main thread ended its turn and the CLI asked
	// it again (with a notification) instead of ending the run.
	AskedAfterEndTurn bool `json:"asked_after_end_turn"`
	// Stats are the result message's subagent_stats counters (nested
	// names joined with dots), zero counters left out.
	Stats map[string]int `json:"subagent_stats,omitempty"`
	// Ends are the subtypes of the result messages print mode reported,
	// in order: a run can report error_max_turns and then go on.
	Ends  []string `json:"ends,omitempty"`
	Forms []Form   `json:"forms"`
}

// Form is one captured text and its label.
type Form struct {
	Form    string `json:"form"`
	Call    string `json:"call"`
	Branch  string `json:"branch,omitempty"`
	Source  string `json:"source"` // e.g. "Agent 1", "notification 2"
	IsError bool   `json:"is_error,omitempty"`
	Text    string `json:"text"`
}

// DefaultDir is where the recordings live, from the repository root.
const DefaultDir = "generator/model/testdata/recordings"

// Path is the file of version v's recording in mode in dir: VER.json for
// print mode, VER.interactive.json for interactive sessions.
func Path(dir, v, mode string) string {
	if mode == "interactive" {
		return filepath.Join(dir, v+".interactive.json")
	}
	return filepath.Join(dir, v+".json")
}

// Load reads one recording.
func Load(path string) (*Recording, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("formrec: %w", err)
	}
	var r Recording
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("formrec: %s: %w", path, err)
	}
	return &r, nil
}

// LoadAll reads every recording in dir, oldest version first, print mode
// before interactive.
func LoadAll(dir string) ([]*Recording, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("formrec: %w", err)
	}
	var out []*Recording
	for _, p := range paths {
		r, err := Load(p)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Version != out[j].Version {
			return versionLess(out[i].Version, out[j].Version)
		}
		return out[i].Mode == "print" && out[j].Mode != "print"
	})
	return out, nil
}

// Encode is the recording as it is written: indented, with a newline.
func (r *Recording) Encode() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(r)
	return b.Bytes()
}

// Diff lists how have differs from want, one difference a line group:
// a form that changed its text, one the CLI no longer printed, a new one.
func Diff(want, have *Recording) []string {
	var out []string
	idx := func(r *Recording) (map[string]Form, []string) {
		m := map[string]Form{}
		var keys []string
		for _, s := range r.Scenarios {
			for _, f := range s.Forms {
				k := s.Name + ": " + f.Source + " (" + f.Form + ", " + f.Call + ")"
				m[k] = f
				keys = append(keys, k)
			}
			k := s.Name + ": run"
			m[k] = Form{Text: fmt.Sprintf("agent_params=%v asked_after_end_turn=%v subagent_stats=%v ends=%v", s.AgentParams, s.AskedAfterEndTurn, s.Stats, s.Ends)}
			keys = append(keys, k)
		}
		return m, keys
	}
	w, wk := idx(want)
	h, hk := idx(have)
	for _, k := range wk {
		hf, ok := h[k]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: no longer printed; it was:\n  %s", k, indent(w[k].Text)))
		case hf.Text != w[k].Text || hf.IsError != w[k].IsError:
			out = append(out, fmt.Sprintf("%s changed:\n- %s\n+ %s", k, indent(errMark(w[k])), indent(errMark(hf))))
		}
	}
	for _, k := range hk {
		if _, ok := w[k]; !ok {
			out = append(out, fmt.Sprintf("%s: new:\n  %s", k, indent(h[k].Text)))
		}
	}
	return out
}

func errMark(f Form) string {
	if f.IsError {
		return "(is_error) " + f.Text
	}
	return f.Text
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n  ") }

// versionLess orders dotted release numbers numerically.
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		var x, y int
		_, _ = fmt.Sscan(pa[i], &x)
		_, _ = fmt.Sscan(pb[i], &y)
		if x != y {
			return x < y
		}
	}
	return len(pa) < len(pb)
}
