package harness

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Main is the actor name of the main thread; Aux names requests the CLI
// makes on its own account (a session title, a summary): they carry no
// tools and are answered with a short text, outside the script.
const (
	Main = "main"
	Aux  = "aux"
)

// Script is the scripted model: a scenario's turns, each used once, taken
// by the first request of its actor that it matches.
type Script struct {
	// mu guards used and done: the server answers while an interactive
	// run polls Unused to know when the session has settled.
	mu    sync.Mutex
	turns []Turn
	used  []bool
	// unscripted is what a request no turn fits gets: "fail" records it
	// as unexpected, "end" just ends the actor's turn (smoke runs).
	unscripted string
	done       []*Exchange // answered so far, to find who spawned whom
	// vars are replaced in tool inputs as ${name}: plugin_root and
	// project, the run's absolute paths, which a scenario cannot know.
	vars map[string]string
}

// NewScript makes the script of a scenario's turns.
func NewScript(turns []Turn, unscripted string) *Script {
	if unscripted == "" {
		unscripted = "fail"
	}
	return &Script{turns: turns, used: make([]bool, len(turns)), unscripted: unscripted}
}

// Unused lists the turns no request took.
func (s *Script) Unused() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int
	for i, u := range s.used {
		if !u {
			out = append(out, i)
		}
	}
	return out
}

func (s *Script) answer(e *Exchange) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e.Actor = s.actor(e.req)
	e.Turn = -1
	defer func() { s.done = append(s.done, e) }()
	if e.Actor == Aux {
		e.Reply = []Action{{Text: "Scripted session"}}
		return
	}
	for i, t := range s.turns {
		if s.used[i] || t.actor() != e.Actor || !t.When.matches(e.req) {
			continue
		}
		s.used[i], e.Turn = true, i
		e.Reply = expand(t.Reply, e.req, s.vars)
		return
	}
	if s.unscripted == "fail" {
		e.Unexpected = fmt.Sprintf("no scripted turn of %s fits", e.Actor)
	}
	e.Reply = []Action{{Text: "(scripted model: nothing more to do)"}}
}

// actor names who sent r. A subagent is known by the prompt it was
// spawned with: the stand-in wrote that prompt itself, in an Agent call.
func (s *Script) actor(r *Request) string {
	if !r.IsSubagent() {
		if len(r.Tools) == 0 {
			return Aux
		}
		if t := s.unmarkedSubagent(r); t != "" {
			return t
		}
		return Main
	}
	return s.spawnedAs(r.FirstUser())
}

// spawnedAs is the subagent type of the last spawn whose prompt the
// first user message holds, or "subagent".
func (s *Script) spawnedAs(first string) string {
	for i := len(s.done) - 1; i >= 0; i-- {
		for _, a := range s.done[i].Reply {
			if !isSpawn(a.Tool) {
				continue
			}
			p, _ := a.Input["prompt"].(string)
			if p != "" && strings.Contains(first, p) {
				t, _ := a.Input["subagent_type"].(string)
				if t == "" {
					t = "general-purpose"
				}
				return t
			}
		}
	}
	return "subagent"
}

func isSpawn(tool string) bool { return tool == "Agent" || tool == "Task" }

func (t Turn) actor() string {
	if t.Agent == "" {
		return Main
	}
	return t.Agent
}

func (m *Match) matches(r *Request) bool {
	if m == nil {
		return true
	}
	last := r.LastUser()
	for _, c := range m.Contains {
		if !strings.Contains(last, c) {
			return false
		}
	}
	for _, c := range m.NotContains {
		if strings.Contains(last, c) {
			return false
		}
	}
	if m.ToolResult != "" {
		ok := false
		for _, b := range r.ToolResults() {
			if strings.Contains(text(blocks(b.Content)), m.ToolResult) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	if m.Offers != "" && !offers(r, m.Offers) {
		return false
	}
	return m.seen(r)
}

// offers reports whether "Tool" or "Tool.param" is offered in r.
func offers(r *Request, spec string) bool {
	tool, param, _ := strings.Cut(spec, ".")
	ps := r.ToolParams(tool)
	if ps == nil {
		return false
	}
	if param == "" {
		return true
	}
	i := sort.SearchStrings(ps, param)
	return i < len(ps) && ps[i] == param
}

var agentIDRe = lazyre.New(`agentId: ?([A-Za-z0-9_-]+)`)

// expand fills ${agent_id} (the last agent id the conversation was told),
// ${agent_id:TYPE} (the id of the last spawn of TYPE) and the run's vars
// in tool inputs.
func expand(reply []Action, r *Request, vars map[string]string) []Action {
	ids, last := agentIDs(r)
	out := make([]Action, len(reply))
	for i, a := range reply {
		out[i] = a
		if a.Input == nil {
			continue
		}
		b, _ := json.Marshal(a.Input)
		s := string(b)
		for typ, id := range ids {
			s = strings.ReplaceAll(s, "${agent_id:"+typ+"}", id)
		}
		s = strings.ReplaceAll(s, "${agent_id}", last)
		for k, v := range vars {
			b, _ := json.Marshal(v)
			s = strings.ReplaceAll(s, "${"+k+"}", strings.Trim(string(b), `"`))
		}
		var in map[string]any
		_ = json.Unmarshal([]byte(s), &in)
		out[i].Input = in
	}
	return out
}

// agentIDs reads the agent ids Claude Code reported for each spawn in the
// conversation so far, by subagent type, and the last one reported.
func agentIDs(r *Request) (map[string]string, string) {
	spawned := map[string]string{} // tool_use id → type
	ids := map[string]string{}
	last := ""
	for _, m := range r.Messages {
		for _, b := range blocks(m.Content) {
			switch {
			case b.Type == "tool_use" && isSpawn(b.Name):
				var in struct {
					Type string `json:"subagent_type"`
				}
				_ = json.Unmarshal(b.Input, &in)
				spawned[b.ID] = in.Type
			case b.Type == "tool_result":
				typ, ok := spawned[b.ToolUseID]
				if !ok {
					continue
				}
				if m := agentIDRe.FindStringSubmatch(text(blocks(b.Content))); m != nil {
					ids[typ], last = m[1], m[1]
				}
			}
		}
	}
	return ids, last
}

func sortStrings(s []string) { sort.Strings(s) }
