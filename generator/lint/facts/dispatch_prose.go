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
	// continueRE: the words of a sentence about one more round for a
	// subagent the file started: its id, the same agent, resuming.
	continueRE = lazyre.New(`(?i)agent[ _-]?id|\bagentid|task[ _-]?id|\bsame (?:sub)?agent|same (?:implementer|reviewer|worker|builder|verifier|writer|subagent)|\bcontinu|\bresum|re-?engag|follow[- ]?up|context (?:is )?intact|keeps? (?:its |their )?context|back to the (?:same|original)|original (?:implementer|agent|subagent|worker|reviewer)|existing (?:sub)?agent|returned agent|(?:agent|subagent)'s id`)
	// teamRE: the words of a message between members of an agent team.
	teamRE = lazyre.New(`(?i)teammate|team[- ]?lead|\blead\b|\bleader\b|\bteam\b|broadcast|shutdown|\bpeers?\b|supervisor|orchestrator|coordinator|each other|\bmembers?\b|mailbox|\binbox|recipient|plan_approval`)
	// weakContinueRE: a subagent is the addressee, nothing more said.
	weakContinueRE = lazyre.New(`(?i)\bsub-?agents?\b|spawned agent|the agent\b`)
	// negatedRE: the words before the tool that make the sentence say not
	// to use it, or that it cannot be used.
	negatedRE = lazyre.New(`(?i)\b(?:not|never|cannot|can't|don't|no|without|nor)\b[\s*` + "`" + `]*(?:\w+[\s*` + "`" + `]+){0,2}$`)
	// toolNameRE: a capitalised tool name, as in a list of tools.
	toolNameRE = lazyre.New(`^[A-Z][a-z]+(?:[A-Z][a-z]+)*$`)
	// toolsLineRE: a tools: or allowed-tools: line.
	toolsLineRE = lazyre.New(`^\s*(?:[-*]\s+)?(?:allowed[-_])?tools\s*:`)
	// spawnProseRE: a sentence that starts a subagent with a tool.
	spawnProseRE = lazyre.New(`(?i)\b(?:use|using|launch\w*|dispatch\w*|spawn\w*|invoke\w*|call|run|start|delegate\w*|via|with)\b[^.;:]{0,40}?\b(Task|Agent)\s+tool\b|\b(Task|Agent)\s+tool\b[^.;]{0,30}?\b(?:to|and)\s+(?:launch|dispatch|spawn|run|start|invoke|delegate)`)
	// resumeRE: a resume: value.
	resumeRE = lazyre.New(`\bresume["']?\s*[:=]\s*`)
)

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
		if onlyNamed(line, at-ls, end-ls) {
			continue
		}
		lines[n] = true
		st := Site{Tool: "SendMessage", Form: FormProse, Off: at}
		st.Kind = s.sendKind(&st, at)
		s.add(st)
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
			line, _ := s.lineAround(at)
			if strings.HasPrefix(strings.TrimSpace(line), "#") || !spawnProseRE.MatchString(line) {
				continue
			}
			lines[n] = true
			s.add(Site{Tool: strings.Fields(needle)[0], Form: FormProse, Off: at, Kind: Spawn})
		}
	}
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
// table cell of its own, or after a negation.
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
	return negatedRE.MatchString(line[:start])
}

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

// sendKind says whether a SendMessage site continues a subagent or is a
// message of an agent team, from its parameters, then from the words
// around it. The team schema (type:, recipient:, a shutdown request) and a
// team member's name as to: make a message; an agent id, a placeholder
// for one, or words about the same agent make a continuation.
func (s *scan) sendKind(st *Site, at int) SiteKind {
	for _, p := range st.Params {
		v := strings.ToLower(p.Value)
		switch {
		case p.Key == "type" || p.Key == "recipient":
			return Message
		case (p.Key == "message" || p.Key == "content") && strings.Contains(v, "shutdown_"):
			return Message
		}
	}
	text := s.window(at)
	if to, ok := st.Param("to"); ok {
		if teamRE.MatchString(to.Value) {
			return Message
		}
		k := NameKindOf(to.Value, true)
		if k == NameVariable || k == NamePlaceholder {
			return Continue
		}
		if continueRE.MatchString(text) {
			return Continue
		}
		return Message // a name: a teammate's
	}
	switch {
	case continueRE.MatchString(text):
		return Continue
	case teamRE.MatchString(text):
		return Message
	case weakContinueRE.MatchString(text):
		return Continue
	}
	return Message
}
