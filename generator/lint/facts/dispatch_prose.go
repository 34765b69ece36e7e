package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Prose forms: a sentence that tells the model to use SendMessage, to pass
// resume: to the Task tool, or to start an agent with the Task or Agent
// tool. A sentence that only names the tool (a list of tools, "teammates
// cannot use SendMessage", a heading) is not a site.

var (
	// negatedRE: a negation earlier in the clause: the sentence says not
	// to use the tool, or that it cannot be used.
	negatedRE = lazyre.New(`(?i)\b(?:not|never|cannot|can't|don't|no|without|nor)\b`)
	// capableRE: a statement of what agents can do, not an instruction
	// ("named subagents can receive follow-ups via SendMessage"); youCanRE
	// the permission given to the reader ("you can continue it with
	// SendMessage"), which is one.
	capableRE = lazyre.New(`(?i)\b(?:can|could|may)\b|\bable to\b`)
	youCanRE  = lazyre.New(`(?i)\byou (?:can|could|may)\b`)
	// passiveRE: a sentence about a dispatch that happened ("you were
	// dispatched via the Agent tool"), not one to make.
	passiveRE = lazyre.New(`(?i)\b(?:is|are|was|were|been|being|be)\s+(?:\w+ed|sent|run|spawned)\b`)
	// toolNameRE: a capitalised tool name, as in a list of tools.
	toolNameRE = lazyre.New(`^[A-Z][a-z]+(?:[A-Z][a-z]+)*$`)
	// toolsLineRE: a tools: or allowed-tools: line.
	toolsLineRE = lazyre.New(`^\s*(?:[-*]\s+)?(?:allowed[-_])?tools\s*:`)
	// spawnProseRE: a sentence that starts a subagent with a tool: an
	// action verb before the tool's name, or after it ("the Task tool to
	// launch …").
	spawnProseRE = lazyre.New(`(?i)\b(?:use|launch\w*|dispatch\w*|spawn\w*|invoke\w*|call|run|start|delegate\w*)\b[^.;:]{0,40}?\b(Task|Agent)\s+tool\b|\b(Task|Agent)\s+tool\b[^.;]{0,30}?\b(?:to|and)\s+(?:launch|dispatch|spawn|run|start|invoke|delegate)`)
	// resumeRE: a resume: value.
	resumeRE = lazyre.New(`\bresume["']?\s*[:=]\s*`)
)

// mechanismRE: the words after a tool's name that make it a modifier of a
// noun ("`SendMessage`-resume of a finished agent …", "the SendMessage case
// above"): a sentence about the mechanism, not an instruction to use it.
var mechanismRE = lazyre.New("^`?(?:-[a-z]|\\s+case\\b)")

// namesMechanism reports whether the text right after a tool's name makes
// it a modifier of a noun.
func namesMechanism(after string) bool { return mechanismRE.MatchString(after) }

// sectionRefRE: a quoted section title another document is cited by
// ("See `other` → \"Resuming agents: SendMessage …\""), open before the
// tool's name: a reference, not an instruction.
var sectionRefRE = lazyre.New(`(?i)(?:→|\bsee\b[^"]{0,60})\s*"[^"]*$`)

// inSectionTitle reports whether the text before a tool's name on its line
// leaves it inside a quoted section title that is being cited.
func inSectionTitle(before string) bool { return sectionRefRE.MatchString(before) }

func (s *scan) prose() {
	d := s.f.Data
	lines := map[int]bool{} // lines with a prose site
	for _, at := range s.occurrences("SendMessage") {
		end := at + len("SendMessage")
		if s.isUsed(at) || at > 0 && isWord(d[at-1]) && d[at-1] != '.' || end < len(d) && isWord(d[end]) && d[end] != '.' {
			continue
		}
		n := s.f.PosOf(at).Line
		if lines[n] || s.inProgram(at) {
			continue
		}
		line, ls := s.lineAround(at)
		if onlyNamed(line, at-ls, end-ls) || namesMechanism(line[end-ls:]) || inSectionTitle(line[:at-ls]) {
			continue
		}
		lines[n] = true
		s.add(Site{Tool: "SendMessage", Form: FormProse, Off: at}) // its kind: classifySends

	}
	for _, at := range s.occurrences("resume") {
		n := s.f.PosOf(at).Line
		if lines[n] || s.isUsed(at) || s.inProgram(at) {
			continue
		}
		line, ls := s.lineAround(at)
		m := resumeRE.FindStringIndex(line[at-ls:])
		if m == nil || m[0] != 0 {
			continue
		}
		raw, _ := scanValue(d, at+m[1])
		if raw == "" || raw == "true" || raw == "false" || !strings.Contains(strings.ToLower(s.window(at)), "agent") && !strings.Contains(s.window(at), "Task") {
			continue
		}
		lines[n] = true
		st := Site{Tool: "Task", Form: FormProse, Off: at, Kind: Continue, Target: makeName(raw, at+m[1], false)}
		if strings.HasPrefix(stripMarkers(line), "resume") {
			st.Form = FormYAML
		}
		s.add(st)
	}
	for _, needle := range []string{"Task tool", "Agent tool"} {
		for _, at := range s.occurrences(needle) {
			n := s.f.PosOf(at).Line
			if lines[n] || s.isUsed(at) || s.inProgram(at) || s.siteOnLine(n) {
				continue
			}
			line, ls := s.lineAround(at)
			before := clauseBefore(line[:at-ls])
			if strings.HasPrefix(strings.TrimSpace(line), "#") || !spawnProseRE.MatchString(line) || s.introduces(n) ||
				negatedRE.MatchString(before) || passiveRE.MatchString(before) {
				continue
			}
			lines[n] = true
			s.add(Site{Tool: strings.Fields(needle)[0], Form: FormProse, Off: at, Kind: Spawn})
		}
	}
}

// introduces reports whether the sentence on line n introduces a spawn
// written out below it: a call, block, list or yaml site at most 12 lines
// on (the dispatch it speaks of), or a subagent_type on the next line that
// ends the sentence.
func (s *scan) introduces(n int) bool {
	for _, st := range s.sites {
		if st.Kind == Spawn && st.Line > n && st.Line <= n+12 && (st.Form != FormProse || st.Line == n+1 && st.Agent.Kind != NameNone) {
			return true
		}
	}
	return false
}

// siteOnLine reports whether line n already has a site.
func (s *scan) siteOnLine(n int) bool {
	for _, st := range s.sites {
		if st.Line == n {
			return true
		}
	}
	return false
}

// onlyNamed reports whether the tool name at line[start:end] is only
// named, not used: in a heading, a tools: line, a list of tool names, a
// table cell of its own, after a negation or in a statement of what agents
// can do.
func onlyNamed(line string, start, end int) bool {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "#") || toolsLineRE.MatchString(line) {
		return true
	}
	before := strings.TrimRight(line[:start], " `*")
	after := strings.TrimLeft(line[end:], " `*")
	if strings.HasSuffix(before, "|") && strings.HasPrefix(after, "|") {
		return true // | SendMessage | … a reference table's row
	}
	if strings.Trim(before, "-*+>0123456789.) `") == "" && (strings.HasPrefix(after, ":") || strings.HasPrefix(after, "—") || strings.HasPrefix(after, "- ")) {
		return true // "- SendMessage: …", "`SendMessage` — …": a gloss of the tool
	}
	if strings.HasSuffix(before, ",") || strings.HasSuffix(before, "/") {
		w := lastWord(strings.TrimRight(before[:len(before)-1], " `*"))
		if toolNameRE.MatchString(w) {
			return true
		}
	}
	if strings.HasPrefix(after, ",") || strings.HasPrefix(after, "/") {
		if toolNameRE.MatchString(firstWord(strings.TrimLeft(after[1:], " `*"))) {
			return true
		}
	}
	before = clauseBefore(line[:start])
	return negatedRE.MatchString(before) || capableRE.MatchString(before) && !youCanRE.MatchString(before)
}

// clauseBefore is the end of text from the last clause boundary: a
// sentence's end, a semicolon, a colon, a dash or an arrow.
func clauseBefore(text string) string {
	if m := clauseEndRE.FindAllStringIndex(text, -1); m != nil {
		return text[m[len(m)-1][1]:]
	}
	return text
}

// clauseEndRE: the end of a clause, emphasis and quotes included.
var clauseEndRE = lazyre.New(`[.!?;:]["')*_\]]*\s|\s[—–-]\s|→|->`)

func lastWord(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') })
	return s[i+1:]
}

func firstWord(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') })
	if i < 0 {
		return s
	}
	return s[:i]
}

// window is the text around off that a sentence about it may span: its
// line and the neighbouring lines of the same paragraph or list item.
func (s *scan) window(off int) string {
	n := s.f.PosOf(off).Line
	out := s.f.LineText(n)
	if p := s.f.LineText(n - 1); n > 1 && strings.TrimSpace(p) != "" && !strings.HasPrefix(strings.TrimSpace(p), "#") {
		out = p + "\n" + out
	}
	if q := s.f.LineText(n + 1); strings.TrimSpace(q) != "" && !strings.HasPrefix(strings.TrimSpace(q), "#") {
		out += "\n" + q
	}
	return out
}
