package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Call syntax: Task(subagent_type="x", prompt=…) in Python style,
// Agent({ subagent_type: "x", prompt }) or Task({...}) in JavaScript style,
// SendMessage(to: agentId, message: "…") in pseudo-code, and the
// <Task subagent_type="x" … /> tag some commands use.

// tagRE finds a <Task …> or <Agent …> tag.
var tagRE = lazyre.New(`<(Task|Agent)\s[^<>]*>`)

// spawnKeys are the parameters that make a Task(…)/Agent(…) a dispatch
// outside program code; inside it, only subagent_type does (Task is a
// CrewAI class, Agent one of many SDKs').
var spawnKeys = map[string]bool{"subagent_type": true, "prompt": true, "description": true, "resume": true,
	"run_in_background": true, "team_name": true, "model": true, "name": true, "isolation": true}

var tagNeedles = NewNeedles("<Task", "<Agent")

func (s *scan) calls() {
	d := s.f.Data
	for _, needle := range []string{"Task(", "Agent(", "SendMessage(", "Task ("} {
		tool := strings.TrimRight(needle, " (")
		for _, at := range s.occurrences(needle) {
			if at > 0 && isWord(d[at-1]) || s.isUsed(at) {
				continue // x.Task(, TeamTask(, or inside a site already read
			}
			s.call(tool, at, at+len(needle)-1)
		}
	}
	for _, m := range tagNeedles.FindAll(tagRE, s.f) {
		if !s.isUsed(m[0]) && m[0] >= s.md.BodyStart {
			s.tag(string(d[m[2]:m[3]]), m[0], m[1])
		}
	}
}

// call reads the call of tool whose name starts at off and whose
// parenthesis is at open.
func (s *scan) call(tool string, off, open int) {
	end, args := callArgs(s.f.Data, open)
	if end < 0 {
		return
	}
	prog := s.inProgram(off)
	st := Site{Tool: tool, Form: FormCall, Off: off}
	for _, a := range args {
		st.Params = append(st.Params, Param{Key: a.key, Value: a.raw, Line: s.f.PosOf(a.off).Line})
		switch a.key {
		case "subagent_type":
			st.Agent = makeName(a.raw, a.off, true)
		case "resume", "to", "recipient":
			st.Target = makeName(a.raw, a.off, true)
		}
	}
	argText := strings.TrimSpace(string(s.f.Data[open+1 : max(open+1, end-1)]))
	if len(args) == 0 && st.Tool != "SendMessage" && !prog && s.bareCall(argText, off, end) {
		st.Kind = Spawn
		st.Params = []Param{{Key: "", Value: argText, Line: s.f.PosOf(open).Line}}
		s.use(off, end)
		s.add(st)
		return
	}
	if !s.callIsDispatch(&st, prog, argText) {
		return
	}
	s.use(off, end)
	s.add(st)
}

// callIsDispatch sets the call's kind and reports whether it is a dispatch.
func (s *scan) callIsDispatch(st *Site, prog bool, args string) bool {
	switch st.Tool {
	case "SendMessage":
		_, to := st.Param("to")
		_, rcpt := st.Param("recipient")
		if prog && !to && !rcpt || strings.TrimSpace(args) == "" {
			return false
		}
		st.Kind = 0 // classified once every site is known (classifySends)
		return true
	default:
		if prog && st.Agent.Kind == NameNone {
			return false
		}
		known := false
		for _, p := range st.Params {
			known = known || spawnKeys[p.Key]
		}
		if !known {
			return false
		}
		st.Kind = Spawn
		if _, ok := st.Param("resume"); ok && st.Tool == "Task" {
			st.Kind = Continue
		}
		return true
	}
}

// callKeys are the parameters of the three tools, which a call may name
// without values (Task(team_name, name)) or as JavaScript shorthand
// ({ subagent_type, prompt }).
var callKeys = map[string]bool{"subagent_type": true, "prompt": true, "description": true, "resume": true,
	"run_in_background": true, "team_name": true, "model": true, "name": true, "isolation": true,
	"to": true, "message": true, "summary": true, "type": true, "recipient": true, "content": true}

// positionalRE matches a call's only argument when it is an agent name:
// Agent(my-plugin:reviewer), Task(code-explorer).
var positionalRE = lazyre.New(`^["'` + "`" + `]?(?:[A-Za-z0-9_.-]+:)?[a-z0-9]+(?:-[a-z0-9]+)+["'` + "`" + `]?$|^["'` + "`" + `]?[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+["'` + "`" + `]?$`)

// toolsBeforeRE: a tools: list before a call on its line, where
// Agent(a, b) restricts which agents may be spawned instead of spawning one.
var toolsBeforeRE = lazyre.New(`(?i)tools\s*:[^|]*$`)

// elidedRE matches arguments left out: Agent(...), Agent({...}).
var elidedRE = lazyre.New(`^\{?\s*(?:\.\.\.|…)\s*\}?$`)

// dispatchVerbRE: a verb that makes the call after it the thing to do
// ("spawn it via Agent({...})", "the Lead invokes Agent({...})").
var dispatchVerbRE = lazyre.New(`(?i)\b(?:spawn\w*|invoke\w*|launch\w*|dispatch\w*|call\w*|execut\w*|issue\w*|use|via)\b`)

// bareCall reports whether a call without key: value arguments, spanning
// [off, end), is a dispatch: one naming its agent (Agent(my-plugin:reviewer)),
// not in a tools: list nor in a series of such calls that lists agents
// ("extended by Agent(a), Agent(b)"); or one whose arguments are left out,
// written as the object of a dispatch verb.
func (s *scan) bareCall(args string, off, end int) bool {
	line, ls := s.lineAround(off)
	before, after := line[:off-ls], ""
	if end-ls <= len(line) {
		after = line[end-ls:]
	}
	if elidedRE.MatchString(args) {
		return dispatchVerbRE.MatchString(clauseBefore(before))
	}
	if !positionalRE.MatchString(args) || toolsBeforeRE.MatchString(before) {
		return false
	}
	series := func(t string) bool {
		t = strings.Trim(t, "` ")
		return strings.HasPrefix(t, ",") || strings.HasSuffix(t, ",")
	}
	return !(series(after) && strings.Contains(after, "(")) && !(series(before) && strings.Contains(before, "("))
}

// tag reads a <Task …> tag spanning [start, end).
func (s *scan) tag(tool string, start, end int) {
	st := Site{Tool: tool, Form: FormTag, Off: start + 1, Kind: Spawn}
	for _, m := range tagAttrRE.FindAllSubmatchIndex(s.f.Data[start:end], -1) {
		key, raw, off := string(s.f.Data[start+m[2]:start+m[3]]), string(s.f.Data[start+m[4]:start+m[5]]), start+m[4]
		st.Params = append(st.Params, Param{Key: key, Value: raw, Line: s.f.PosOf(off).Line})
		if key == "subagent_type" {
			st.Agent = makeName(raw, off, false)
		}
	}
	if st.Agent.Kind == NameNone {
		return
	}
	if _, ok := st.Param("resume"); ok && tool == "Task" {
		st.Kind = Continue
	}
	s.use(start, end)
	s.add(st)
}

var tagAttrRE = lazyre.New(`([a-z_]+)=("[^"]*"|'[^']*')`)
