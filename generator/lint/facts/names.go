package facts

import "strings"

// NameKind says what the value written for an agent name is: a name
// Claude Code would look up, an expression a program computes, or a
// placeholder a reader fills in.
type NameKind uint8

const (
	// NameNone: no value was written.
	NameNone NameKind = iota
	// NameLiteral: a name, e.g. reviewer, "my-plugin:reviewer".
	NameLiteral
	// NameVariable: an identifier or expression of program-like text,
	// e.g. agentType, enhancerAgents[type], cfg.agent, $AGENT, `${type}`.
	NameVariable
	// NamePlaceholder: a stand-in for a name, e.g. ..., <name>,
	// "my-plugin:{agent}", [agent-name], AGENT_NAME, "<same type as before>".
	NamePlaceholder
)

func (k NameKind) String() string {
	return [...]string{"none", "literal", "variable", "placeholder"}[k]
}

// NameKindOf classifies raw, a value as written after "subagent_type:",
// "to:" or similar (quotes included, if any). inCode says the value sits in
// program-like text (a call's arguments, an object literal), where a bare
// identifier is a variable rather than a name.
func NameKindOf(raw string, inCode bool) NameKind {
	v := strings.TrimSpace(raw)
	v = strings.TrimRight(v, ",;")
	if v == "" {
		return NameNone
	}
	quoted := false
	if len(v) >= 2 && strings.ContainsRune(`"'`+"`", rune(v[0])) && v[len(v)-1] == v[0] {
		if v[0] == '`' && strings.Contains(v, "${") {
			return NameVariable // a template literal
		}
		v, quoted = v[1:len(v)-1], true
	}
	switch {
	case v == "" || strings.Trim(v, ".…") == "":
		return NamePlaceholder
	case strings.ContainsAny(v, "<>{}…") || strings.Contains(v, "..."):
		return NamePlaceholder
	case strings.HasPrefix(v, "$") || strings.Contains(v, "${"):
		return NameVariable
	case !quoted && (strings.HasPrefix(v, "[") || strings.HasSuffix(v, "]") && !strings.Contains(v, "[")):
		return NamePlaceholder // [agent-name]
	case strings.ContainsAny(v, " \t"):
		if quoted {
			return NamePlaceholder // "the agent type of round 1"
		}
		return NameVariable // a + b, x ? y : z
	case !quoted && strings.ContainsAny(v, "[]()+|&?!=*/"):
		return NameVariable // agents[i], get(type)
	case !quoted && strings.Contains(v, ".") && identStart(v) && !strings.Contains(v, ":"):
		return NameVariable // cfg.agent
	}
	if allCaps(v) {
		return NamePlaceholder // AGENT_TYPE
	}
	if !quoted && (inCode || camel(v)) && identifier(v) {
		return NameVariable // agentType; in code also agent_type, reviewer
	}
	return NameLiteral
}

func identStart(s string) bool {
	c := s[0]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// identifier reports whether s is a program identifier: letters, digits
// and underscores, not starting with a digit (so no hyphen or colon, which
// agent names have and identifiers cannot).
func identifier(s string) bool {
	if !identStart(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// camel reports a lower-case letter followed by an upper-case one
// (agentType), which agent names, written in kebab-case, do not have.
func camel(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' && s[i-1] >= 'a' && s[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// allCaps reports an upper-case identifier of at least two letters
// (AGENT_ID), the way templates write the blanks to fill.
func allCaps(s string) bool {
	letters := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			letters++
		case c == '_' || c == '-' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return letters >= 2
}
