package facts

import (
	"bytes"
	"github.com/plugforge/plugforge/generator/lazyre"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// NameKind answers "is this a name, a variable or a placeholder?" for a
// name-shaped token in a prompt: the value of a subagent_type, or a
// "<plugin>:<name>" reference. Only a NameLiteral is a name the text gives;
// rules that check names against the plugin ask NameOf or ReferenceOf
// and check NameLiterals alone.
type NameKind int

const (
	// NameNone: no value was written (a dispatch site without a
	// subagent_type).
	NameNone NameKind = iota
	// NameLiteral is a name the text gives: check it.
	NameLiteral
	// NamePlaceholder stands for a name: "…", "<agent>", "{name}",
	// "skill-name", "your-agent", "AGENT_NAME".
	NamePlaceholder
	// NameVariable is a variable or an expression of program-like text:
	// "subagent_type: agentType", "enhancerAgents[type]", "cfg.agent",
	// "subagent_type=agent_type".
	NameVariable
	// NameIllustration is a generic name a teaching snippet makes up: "agent-a",
	// "analyzer-1", "worker-n", "my-agent", "example-reviewer".
	NameIllustration
	// NameMarker sits inside an HTML comment: a region marker such as
	// "<!-- tool:start -->" a skill writes into a user's file, or a note.
	NameMarker
	// NameCode is program syntax that happens to look like a reference: a
	// directive comment such as "//go:build", or a term the file's own
	// program samples use that way.
	NameCode
	// NameValue is a "<plugin>:<name>" token the text does not present as a
	// component: no slash, and nothing around it speaks of a skill,
	// command, agent or of calling one (a type tag of a data format).
	NameValue
	// NameMention is a name the text shows rather than calls: in a
	// heading, in an "invoked by …" note, on a usage or example line.
	// A stale one misleads a reader; the model is not sent anywhere.
	NameMention
)

var nameKindNames = [...]string{"none", "literal", "placeholder", "variable", "illustration", "marker", "code", "value", "mention"}

func (k NameKind) String() string { return nameKindNames[k] }

// NameOf judges a name token by its shape: value is the token, quoted
// whether a quote mark opens it, and after the text that follows it.
// It knows nothing of the plugin: "reviewer" is a NameLiteral whether or not
// the plugin has such an agent.
func NameOf(value string, quoted bool, after []byte) NameKind {
	v := strings.TrimRight(value, ".")
	switch {
	case v == "" || bytes.HasPrefix(after, []byte("…")) || bytes.HasPrefix(after, []byte(":<")) ||
		bytes.HasPrefix(after, []byte(":{")) || len(after) > 0 && strings.HasSuffix(v, "-") && bytes.IndexByte([]byte("*<{"), after[0]) >= 0:
		return NamePlaceholder
	case !quoted && (bytes.HasPrefix(after, []byte("[")) || bytes.HasPrefix(after, []byte("(")) ||
		bytes.HasPrefix(bytes.TrimLeft(after, " "), []byte("+"))):
		return NameVariable // an index, a call or a concatenation: an expression
	}
	last := v
	if i := strings.LastIndexByte(v, ':'); i >= 0 {
		last = v[i+1:]
	}
	switch {
	case placeholderRE.MatchString(last):
		return NamePlaceholder
	case !quoted && (camelRE.MatchString(last) || dottedRE.MatchString(last)):
		return NameVariable
	case illustrationRE.MatchString(last):
		return NameIllustration
	}
	return NameLiteral
}

var (
	// placeholderRE: a name that says it is a name ("skill-name",
	// "agent_name", "name"), a stand-in ("your-agent", "xxx"), or shouting
	// capitals ("AGENT_NAME", "NAME").
	placeholderRE = lazyre.New(`^(?:(?:[a-z]+[-_])*name|(?:your|some|any|the)[-_][a-z0-9_-]+|x+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})$`)
	// camelRE: lowerCamelCase, how program text names a variable; plugin
	// agents are named in lower-case kebab or snake case.
	camelRE = lazyre.New(`^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$`)
	// dottedRE: a property access such as cfg.agent.
	dottedRE = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_.]*$`)
	// illustrationRE: a generic name with a letter, number or n/x for a
	// suffix ("agent-a", "analyzer-1", "worker-n"), or a made-up prefix
	// ("my-agent", "example-reviewer", "foo").
	illustrationRE = lazyre.New(`^(?:[a-z]+(?:-[a-z]+)*-(?:[a-z]|[0-9]+)|(?:my|example|sample|demo|dummy|fake|custom|foo|bar)(?:[-_][a-z0-9_-]+)?|foo|bar|baz)$`)
)

// ReferenceOf judges the "<plugin>:<name>" reference at data[off:end] of a
// markdown file f (off at the plugin prefix): a NameMarker inside an HTML
// comment; NameCode after "//" (a directive) or when the file's program
// samples use the same token that way, or for a runtime's module specifier
// without a slash ("bun:test"); a NameMention for the component's caller
// ("invoked by X", "use this skill when X needs …"); a NameValue when it
// has no slash and the text does not present it as a component
// (presentedAs: no component or call word attached to it, or one that
// types it as an event, a marker, a field …); otherwise its shape
// (NameOf). ex is Examples.Of(f).
func ReferenceOf(f *snapshot.File, ex *ExampleMap, off, end int) NameKind {
	d := f.Data
	tok := d[off:end]
	slash := SlashCommandAt(d, off)
	switch {
	case ex.Comment(off):
		return NameMarker
	case xmlTag(d, off):
		return NameCode // "<ctx:remember>", "</ctx:remember>": a namespaced tag the plugin reads or writes
	case off > 1 && d[off-1] == '/' && d[off-2] == '/':
		return NameCode // "//go:build": a directive comment, not a slash command
	case codeTerm(d, tok):
		return NameCode
	case !slash && moduleScheme(tok):
		return NameCode // "bun:test", "node:fs": a runtime's module, imported by that name
	case callerNote(d, off, end):
		return NameMention
	case !slash && presentedAs(f, off, end) != presentedComponent:
		return NameValue
	case mentionLine(d, off):
		return NameMention
	}
	return NameOf(string(tok[bytes.IndexByte(tok, ':')+1:]), true, d[end:])
}

// mentionLine reports whether the line at off shows a name rather than
// calling it: a heading, an "invoked by"/"called from" note, or a usage
// or example line.
func mentionLine(d []byte, off int) bool {
	ls := bytes.LastIndexByte(d[:off], '\n') + 1
	line := bytes.TrimLeft(d[ls:lineEnd(d, off)], " \t")
	return bytes.HasPrefix(line, []byte("#")) || mentionRE.Match(line)
}

// mentionRE: a note that names what calls this text, or a usage example.
var mentionRE = lazyre.New(`(?i)\b(?:invoked|called|triggered|launched|run) (?:by|from|via)\b|\busage\b|\be\.g\.|\bfor example\b|\bexamples?:`)

// NameKindOf judges the value written after "subagent_type:", "to:" or
// similar in a dispatch site (quotes included, if any), by the rules of
// program text: inCode says it sits in program-like text (a call's
// arguments, an object literal), where a bare identifier is a variable
// rather than a name. It answers NameNone, NameLiteral, NameVariable or
// NamePlaceholder; SubagentRefs refines a literal with NameOf.
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
