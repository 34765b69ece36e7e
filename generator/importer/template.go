package importer

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// refs rewrites a plugin's references to its own components into the
// calls that render them, so a rename or a variant name reaches every
// reference, and escapes everything else a template would read as an
// action.
type refs struct {
	re                   *regexp.Regexp
	cmds, agents, skills map[string]bool
}

func newRefs(plugin string, cmds, agents, skills map[string]bool) *refs {
	return &refs{
		// An optional slash, the plugin name and a component-like name. What
		// precedes the match is checked by hand: Go's regexp has no look-behind.
		// Names may be unicode or start with a dash, but do not end in one.
		re:     regexp.MustCompile(`(/?)` + regexp.QuoteMeta(plugin) + `:([\p{L}\p{N}_-]*[\p{L}\p{N}_])`),
		cmds:   cmds,
		agents: agents,
		skills: skills,
	}
}

var subagentType = lazyre.New(`subagent_type["']?\s*[:=]\s*["']?$`)

// call returns the template text that renders match, or "" to keep it
// literal. withSlash is a "/<plugin>:<name>" reference; lineBefore is the
// text of the line before the match, to tell a subagent_type apart.
func (r *refs) call(name string, withSlash bool, lineBefore string) string {
	q := strconv.Quote(name)
	switch {
	case withSlash && r.cmds[name]:
		return `{{.Cmd ` + q + `}}`
	case withSlash && r.skills[name]:
		return `/{{.Skill ` + q + `}}`
	case withSlash:
		return ""
	case r.agents[name] && subagentType.MatchString(lineBefore):
		return `{{.Agent ` + q + `}}`
	case r.skills[name]:
		return `{{.Skill ` + q + `}}`
	case r.agents[name]:
		return `{{.Agent ` + q + `}}`
	case r.cmds[name]: // "<plugin>:<command>" without the slash .Cmd writes
		return `{{.Plugin.Name}}:` + name
	}
	return ""
}

// template turns text into a template that renders it: references to the
// plugin's components become calls, and every literal "{{" (with the "}}"
// that closes it on the same line) is escaped.
func (r *refs) template(text string) string {
	var b strings.Builder
	last := 0
	for _, m := range r.re.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[0], m[1]
		withSlash := m[3] > m[2]
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if nameRune(before) || nameRune(after) || after == ':' {
			continue // part of a longer name: "x-iflow:a", "iflow:a-", "iflow:a:b"
		}
		lineBefore := text[strings.LastIndexByte(text[:start], '\n')+1 : start]
		call := r.call(text[m[4]:m[5]], withSlash, lineBefore)
		if call == "" {
			continue
		}
		b.WriteString(escape(text[last:start]))
		b.WriteString(call)
		last = end
	}
	b.WriteString(escape(text[last:]))
	return b.String()
}

func nameRune(r rune) bool {
	return r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// escape makes literal text safe in a template. Only "{{" starts an
// action; a "}}" is escaped too when it closes an escaped "{{" on the same
// line, so a literal {{ x }} reads as a pair, while the "}}" that ends a
// JSON object stays as it is.
func escape(text string) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	var b strings.Builder
	open := false
	for i := 0; i < len(text); {
		switch {
		case strings.HasPrefix(text[i:], "{{"):
			b.WriteString(`{{"{{"}}`)
			open = true
			i += 2
		case open && strings.HasPrefix(text[i:], "}}"):
			b.WriteString(`{{"}}"}}`)
			open = false
			i += 2
		default:
			if text[i] == '\n' {
				open = false
			}
			b.WriteByte(text[i])
			i++
		}
	}
	return b.String()
}
