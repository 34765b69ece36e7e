package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Key: value forms: a tool head ("SendMessage:", "Task tool:", "Agent
// tool call:") with its keys on the lines under it, in a fence (block) or
// outside one (list); and subagent_type: lines under no head (yaml), or
// written inline in a sentence (prose).

// siteHeadRE matches a head line once list markers, quote marks, emphasis
// and backticks are stripped (see stripMarkers).
// A head may number its call ("Task tool call 2:", "Agent call #1:") when
// a step makes several; "Task 2:" alone is a task of a plan, not a call.
var siteHeadRE = lazyre.New(`^(?:(?:[Uu]se|[Cc]all)\s+)?(?:the\s+)?(Task|Agent|SendMessage)(?:(?:\s+tool\s+call|\s+tool|\s+call)(?:\s+#?\d+)?)?\s*(?:\([^()]*\))?(?:\s+with)?\s*:$`)

// keyLineRE matches a "key: value" line (optionally a list item).
var keyLineRE = lazyre.New(`^(\s*)(?:[-*]\s+)?["']?([a-z_]+)["']?\s*:\s*(.*)$`)

// stripMarkers drops what surrounds a head's words: indentation, a list
// marker, quote marks, emphasis and backticks.
func stripMarkers(line string) string {
	t := strings.TrimSpace(line)
	for {
		u := strings.TrimLeft(t, "> ")
		if len(u) > 1 && strings.ContainsRune("-*+", rune(u[0])) && u[1] == ' ' {
			u = u[2:]
		} else if i := strings.IndexAny(u, ".)"); i > 0 && i <= 3 && allDigits(u[:i]) && i+1 < len(u) && u[i+1] == ' ' {
			u = u[i+2:]
		}
		u = strings.TrimSpace(u)
		if u == t {
			break
		}
		t = u
	}
	return strings.TrimSpace(strings.NewReplacer("**", "", "__", "", "`", "").Replace(t))
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// heads finds tool heads with keys under them.
func (s *scan) heads() {
	seen := map[int]bool{}
	for _, needle := range []string{"SendMessage", "Task", "Agent"} {
		for _, at := range s.occurrences(needle) {
			n := s.f.PosOf(at).Line
			if seen[n] || s.isUsed(at) {
				continue
			}
			seen[n] = true
			line := s.f.LineText(n)
			m := siteHeadRE.FindStringSubmatch(stripMarkers(line))
			if m == nil {
				continue
			}
			s.head(m[1], n, at)
		}
	}
}

// head reads the keys under the head of tool at line n.
func (s *scan) head(tool string, n, at int) {
	fe := s.fence(at)
	inFence := fe != nil
	base := indentOf(s.f.LineText(n))
	st := Site{Tool: tool, Off: at, Form: FormList}
	if inFence {
		st.Form = FormBlock
	}
	keyIndent, last := -1, n
	for k := n + 1; k <= s.f.NumLines(); k++ {
		raw := s.f.LineText(k)
		if strings.TrimSpace(raw) == "" {
			continue
		}
		if inFence && s.f.LineOffset(k) >= fe.ContentEnd {
			break
		}
		ind := indentOf(raw)
		if ind < base || ind == base && !inFence {
			break
		}
		if keyIndent >= 0 && ind > keyIndent {
			last = k // a continuation of a value (a prompt's lines)
			continue
		}
		m := keyLineRE.FindStringSubmatch(raw)
		if m == nil || keyIndent >= 0 && ind < keyIndent {
			break
		}
		keyIndent = ind
		p := Param{Key: m[2], Value: strings.TrimSpace(m[3]), Line: k}
		st.Params = append(st.Params, p)
		switch p.Key {
		case "subagent_type":
			st.Agent = s.lineName(p, false)
		case "resume", "to", "recipient":
			st.Target = s.lineName(p, false)
		}
		last = k
	}
	if !toolParams(tool, st.Params) {
		return // "Task:" over a task's own fields (description, acceptance …)
	}
	switch {
	case tool == "SendMessage":
		st.Kind = 0 // see classifySends
	case tool == "Task" && hasParam(st.Params, "resume"):
		st.Kind = Continue
	default:
		st.Kind = Spawn
	}
	s.use(s.f.LineOffset(n), s.f.LineOffset(last+1))
	s.add(st)
}

// toolParams reports whether keys under a head are the tool's own: one
// that only it takes (a description or a name alone could be any task's).
func toolParams(tool string, ps []Param) bool {
	for _, p := range ps {
		switch p.Key {
		case "subagent_type", "prompt", "resume", "run_in_background", "team_name", "isolation":
			if tool != "SendMessage" {
				return true
			}
		case "to", "message", "recipient", "type", "content", "summary":
			if tool == "SendMessage" {
				return true
			}
		}
	}
	return false
}

func hasParam(ps []Param, key string) bool {
	for _, p := range ps {
		if p.Key == key {
			return true
		}
	}
	return false
}

// toolWordRE finds the tool a sentence or a key group names.
var toolWordRE = lazyre.New(`\b(Agent|Task)\b`)

// keys finds subagent_type values under no head: yaml-ish key lines (with
// their sibling keys) and values written inline in a sentence.
func (s *scan) keys() {
	d := s.f.Data
	for _, at := range s.occurrences("subagent_type") {
		if s.isUsed(at) || at > 0 && isWord(d[at-1]) && d[at-1] != '.' {
			continue
		}
		i := at + len("subagent_type")
		if i < len(d) && (d[i] == '"' || d[i] == '\'') {
			i++
		}
		for i < len(d) && (d[i] == ' ' || d[i] == '\t') {
			i++
		}
		if i >= len(d) || d[i] != ':' && d[i] != '=' || i+1 < len(d) && d[i+1] == '=' {
			continue // "a subagent_type parameter": no value
		}
		i++
		for i < len(d) && (d[i] == ' ' || d[i] == '\t') {
			i++
		}
		raw, end := scanValue(d, i)
		if raw == "" {
			continue
		}
		line, ls := s.lineAround(at)
		prog := s.inProgram(at)
		st := Site{Off: at, Sample: prog, Kind: Spawn, Form: FormProse,
			Agent: makeName(raw, i, prog || strings.Contains(line[:at-ls], "{"))}
		st.Params = []Param{{Key: "subagent_type", Value: raw, Line: s.f.PosOf(at).Line}}
		toolText := line[:at-ls]
		if strings.HasPrefix(stripMarkers(line), "subagent_type") || strings.HasPrefix(stripMarkers(line), `"subagent_type"`) {
			st.Form = FormYAML
			toolText = s.group(&st)
		}
		if m := toolWordRE.FindAllString(toolText, -1); len(m) > 0 {
			st.Tool = m[len(m)-1]
		}
		if hasParam(st.Params, "resume") {
			st.Kind = Continue
		}
		s.use(at, end)
		s.add(st)
	}
}

// group adds the sibling key lines of a yaml-ish subagent_type line to st
// (and marks them read); it returns the text of the line above the group,
// which may name the tool.
func (s *scan) group(st *Site) string {
	n := st.Line
	if n == 0 {
		n = s.f.PosOf(st.Off).Line
	}
	ind := indentOf(s.f.LineText(n))
	sibling := func(k int) (Param, bool) {
		raw := s.f.LineText(k)
		m := keyLineRE.FindStringSubmatch(raw)
		if m == nil || indentOf(raw) != ind {
			return Param{}, false
		}
		return Param{Key: m[2], Value: strings.TrimSpace(m[3]), Line: k}, true
	}
	first := n
	for k := n - 1; k >= 1; k-- {
		if _, ok := sibling(k); !ok {
			break
		}
		first = k
	}
	for k := first; k <= s.f.NumLines(); k++ {
		p, ok := sibling(k)
		if !ok && k > n {
			break
		}
		if ok && k != n {
			st.Params = append(st.Params, p)
			if p.Key == "resume" {
				st.Target = s.lineName(p, false)
			}
			s.use(s.f.LineOffset(k), s.f.LineOffset(k+1))
		}
	}
	return s.f.LineText(first - 1)
}

// scanValue reads the value starting at i: a quoted string, or text up to
// a space, comma, closing bracket, pipe or backtick outside brackets
// (enhancerAgents[type] stays whole). It returns the value and its end.
func scanValue(d []byte, i int) (string, int) {
	if i >= len(d) {
		return "", i
	}
	if d[i] == '"' || d[i] == '\'' || d[i] == '`' {
		e := skipString(d, i, min(len(d), i+300))
		return string(d[i:e]), e
	}
	depth, j := 0, i
	for ; j < len(d); j++ {
		c := d[j]
		if c == '(' || c == '[' {
			depth++
			continue
		}
		if (c == ')' || c == ']') && depth > 0 {
			depth--
			continue
		}
		if depth == 0 && strings.IndexByte(" \t\r\n,)}]|`;*", c) >= 0 {
			break
		}
	}
	if j-i > 1 && d[j-1] == '.' && d[j-2] != '.' {
		j-- // the period ending a sentence
	}
	return string(d[i:j]), j
}
