package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Whom a SendMessage site writes to. Claude Code's SendMessage carries both
// a continuation (one more round for a subagent the session started, whose
// report comes back later) and the messages of an agent team (a report to
// the lead, a note to a peer, a shutdown request, which the team's mailbox
// delivers). Only the first is a dispatch DP019 and DP020 judge. The
// judgement, in order:
//
//  1. the team schema (type:, recipient:, a shutdown request), a to: of
//     "*" or of a team role (lead, teammate, orchestrator): a message;
//  2. a to: naming an agent this file starts (Agent(name="impl-1") … then
//     SendMessage(to="impl-1")), or an agent id (agentId, {reviewer_id}),
//     the address Claude Code gives a subagent to continue: a continuation;
//  3. a sentence whose sender is an agent ("impl-1 via SendMessage: …",
//     "agents use SendMessage"): a message; the sentence around it speaks
//     of the team (teammates, each other, the lead, broadcast): a message;
//     of the same agent, its id, resuming or following up: a continuation;
//  4. otherwise, in a file about an agent team (TeamCreate, team_name,
//     teammates), a message; a to: naming an agent the file did not start,
//     a teammate's name: a message; in a file that starts subagents itself,
//     a continuation of one of them (to: an id, or a sentence addressed to
//     one); in a file that starts none (an agent's own instructions), a
//     message to its team.

var (
	// continueRE: words about one more round for the same subagent.
	continueRE = lazyre.New(`(?i)agent[ _-]?id|\bagentid|task[ _-]?id|\bsame (?:sub)?agent|same (?:implementer|reviewer|worker|builder|verifier|writer|executor|subagent)|\bcontinu|\bresum|re-?engag|follow[- ]?up|context (?:is )?intact|(?:keeps?|retains?) (?:its |their |full )?(?:context|state)|back to the (?:same|original\w*)|(?:go|goes|send|sends|hand|pass)(?: \w+)? back to\b|original (?:implementer|agent|subagent|worker|reviewer)|existing (?:sub)?agent|returned agent|(?:agent|subagent)'s id`)
	// idRE: a to: value that is an agent's id (agentId, {reviewer_id},
	// <agent id>), the address Claude Code gives a subagent to continue;
	// teammates are addressed by name.
	idRE = lazyre.New(`(?:^|[^A-Za-z])[Ii][Dd]\b|_[Ii][Dd]\b|[a-z]Id\b|[Aa]gent ?[Ii][Dd]`)
	// teamFileRE: a file about an agent team.
	teamFileRE = lazyre.New(`TeamCreate|team_name|[Tt]eammates?\b|[Aa]gent [Tt]eams?\b|team-lead|[Tt]eam lead`)
	// teamRE: words about the members of an agent team.
	teamRE = lazyre.New(`(?i)teammates?|team[- ]?lead|\blead\b|\bleader\b|\bteams?\b|broadcast|shutdown|\bpeers?\b|supervisor|orchestrator|coordinator|conductor|each other|\bmembers?\b|mailbox|\binbox|plan_approval`)
)

// classifySends gives every SendMessage site its kind, once all the sites
// of the file, and so the agents it starts, are known.
func (s *scan) classifySends() {
	spawned := map[string]bool{}
	spawns := false
	for _, st := range s.sites {
		if st.Kind != Spawn || st.Sample {
			continue
		}
		spawns = true
		if p, ok := st.Param("name"); ok {
			spawned[bareValue(p.Value)] = true
		}
		if st.Agent.Kind == NameLiteral {
			spawned[st.Agent.Name] = true
		}
	}
	for i := range s.sites {
		if st := &s.sites[i]; st.Tool == "SendMessage" && st.Kind == 0 {
			st.Kind = s.sendKind(st, spawned, spawns)
		}
	}
}

func bareValue(v string) string { return Unquote(strings.Trim(strings.TrimSpace(v), "`")) }

func (s *scan) sendKind(st *Site, spawned map[string]bool, spawns bool) SiteKind {
	for _, p := range st.Params {
		switch {
		case p.Key == "type" || p.Key == "recipient":
			return Message
		case (p.Key == "message" || p.Key == "content" || p.Key == "") && strings.Contains(p.Value, "shutdown_"):
			return Message
		}
	}
	to, hasTo := st.Param("to")
	if hasTo {
		v := bareValue(to.Value)
		if v == "*" || teamRE.MatchString(v) {
			return Message
		}
		if spawned[v] {
			return Continue
		}
		if idRE.MatchString(to.Value) {
			return Continue // an agent id: teammates are written to by name
		}
	}
	sentence := s.sentence(st)
	if st.Form == FormProse && sentFrom(sentence) {
		return Message // "receive the report via SendMessage from the driver": the agent writes
	}
	if st.Form == FormProse && addressesSpawned(sentence, spawned) {
		return Continue // "the lead sends the fixes to Worker via SendMessage", Worker started here
	}
	if st.Form == FormProse && agentSends(clauseBefore(s.lineBefore(st.Off)), spawned) {
		return Message // "impl-1 via SendMessage: …", "agents use SendMessage": an agent writes
	}
	switch {
	case teamRE.MatchString(sentence):
		return Message
	case continueRE.MatchString(sentence):
		return Continue
	case s.teamFile():
		return Message
	case hasTo && NameKindOf(to.Value, true) == NameLiteral:
		return Message // a name this file did not start: a teammate's
	case spawns:
		return Continue
	}
	return Message
}

// fromRE: a SendMessage said to come from someone ("… via SendMessage from
// the driver"), read on the words right after the tool's name.
var fromRE = lazyre.New(`^` + "`?" + `\s+from\b`)

// sentFrom reports whether a sentence says its SendMessage comes from
// someone.
func sentFrom(sentence string) bool {
	i := strings.Index(sentence, "SendMessage")
	return i >= 0 && fromRE.MatchString(sentence[i+len("SendMessage"):])
}

// addresseeRE: whom a sentence sends to ("sends the fixes to the Worker",
// "hand it back to impl-2"), the word after "to".
var addresseeRE = lazyre.New(`(?i)\bto (?:the |its |that |each )?[` + "`" + `*"']?([a-z][\w:.-]*)`)

// addressesSpawned reports whether a sentence sends to an agent the file
// starts, by its name or, for a plugin-qualified name, by its last part
// ("Worker" for p:worker): the addressee decides, whoever the sentence
// names as the sender (a file written for its orchestrator often calls it
// the lead).
func addressesSpawned(sentence string, spawned map[string]bool) bool {
	if len(spawned) == 0 {
		return false
	}
	bases := map[string]bool{}
	for n := range spawned {
		n = strings.ToLower(n)
		bases[n] = true
		if i := strings.LastIndexByte(n, ':'); i >= 0 {
			bases[n[i+1:]] = true
		}
	}
	for _, m := range addresseeRE.FindAllStringSubmatch(sentence, -1) {
		if bases[strings.ToLower(strings.TrimRight(m[1], ".:"))] {
			return true
		}
	}
	return false
}

// agentSends reports whether the clause before a SendMessage names its
// sender: an agent the file starts, or agents, subagents, workers, teammates.
func agentSends(clause string, spawned map[string]bool) bool {
	w := strings.Fields(strings.ToLower(stripMarkers(clause)))
	if len(w) == 0 {
		return false
	}
	first := strings.Trim(w[0], "`*\"'")
	if first == "the" && len(w) > 1 {
		first = strings.Trim(w[1], "`*\"'")
	}
	switch first {
	case "agents", "subagents", "workers", "teammates", "they", "each":
		return true
	}
	return spawned[first]
}

// lineBefore is the text of off's line before it.
func (s *scan) lineBefore(off int) string {
	line, ls := s.lineAround(off)
	return line[:off-ls]
}

// teamFile reports whether the file is about an agent team.
func (s *scan) teamFile() bool {
	if s.team == 0 {
		s.team = 1
		if teamFileRE.Match(s.f.Data) {
			s.team = 2
		}
	}
	return s.team == 2
}

// sentence is the text that says what a SendMessage site is for: for a
// sentence, the one holding the tool's name (running on to the next line
// when it does); for a call, block or list, its first line and, outside a
// fence, the non-blank line above it, which introduces it.
func (s *scan) sentence(st *Site) string {
	line, ls := s.lineAround(st.Off)
	n := s.f.PosOf(st.Off).Line
	if st.Form != FormProse {
		// the sentence above introduces it; in a fence, the line above is
		// another statement
		if p := s.f.LineText(n - 1); strings.TrimSpace(p) != "" && s.fence(st.Off) == nil {
			return p + "\n" + line
		}
		return line
	}
	after := line[st.Off-ls:]
	if next := s.f.LineText(n + 1); sentenceEndRE.FindStringIndex(after) == nil && strings.TrimSpace(next) != "" &&
		!strings.HasPrefix(stripMarkers(next), "#") && stripMarkers(next) == strings.TrimSpace(next) {
		after += " " + strings.TrimSpace(next)
	}
	if m := sentenceEndRE.FindStringIndex(after); m != nil {
		after = after[:m[0]]
	}
	before := line[:st.Off-ls]
	if m := sentenceEndRE.FindAllStringIndex(before, -1); m != nil {
		before = before[m[len(m)-1][1]:]
	}
	return before + after
}

// sentenceEndRE: the end of a sentence, emphasis and quotes included.
var sentenceEndRE = lazyre.New(`[.!?]["')*_\]]*\s`)
