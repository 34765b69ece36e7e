package facts

import (
	"bytes"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// A "<plugin>:<name>" token written without a slash is a component
// reference only where the text presents it as one. Plugins write many
// things in that shape that are not components: a framework's event
// ("astro:page-load"), the region markers a command writes into a note
// ("between kit:begin/kit:end markers"), a data format's type tag, a
// scope or a label. Being near a word such as "skill" or "run" says
// nothing (a skill's own text is full of both); the word has to be
// attached to the token. presentedAs is that judgement; ReferenceOf asks
// it.

// presentation is what the text says a bare token is.
type presentation int

const (
	// presentedNot: nothing attached to the token says what it is.
	presentedNot presentation = iota
	// presentedComponent: a component or call word is attached ("the X
	// skill", "invoke X", Skill(X), subagent_type: X), or the token opens
	// an item of a list, or sits in a column of a table, that the text
	// types as components ("Required skills:", "| Agent |"), or it is
	// the file's own name.
	presentedComponent
	// presentedOther: the attached word types it as something else: an
	// event, a marker, a tag, a field, a key, a scope, a label, a
	// namespace ("X event", "between X/Y markers", addEventListener('X')).
	presentedOther
	// presentedUsed: only "use" is attached ("use X instead of this
	// skill", "use X to re-initialize scripts"), or the token sits in the
	// column of a table of alternatives ("| Use X instead when… |"): a
	// component unless the file types the same token as something else
	// elsewhere.
	presentedUsed
)

// presentedAs judges the bare token at d[off:end] of f. The word right
// after the token (its head noun: "the X skill", "X/Y markers") wins over
// the words before it; then the list or table it sits in; then the
// file's own name.
func presentedAs(f *snapshot.File, off, end int) presentation {
	d := f.Data
	ls, le := lineStartAt(d, off), lineEnd(d, end)
	p := nounAfter(d[end:le])
	if p == presentedNot {
		p = wordsBefore(d[ls:off])
	}
	if p == presentedNot {
		p = tableColumn(d, ls, off)
	}
	if p == presentedNot {
		p = listLeadIn(d, ls, off)
	}
	if p == presentedNot && ownName(f, off, end) {
		p = presentedComponent
	}
	if p == presentedUsed {
		if typedOtherIn(f, d[off:end]) {
			return presentedOther
		}
		return presentedComponent
	}
	return p
}

var (
	// componentNounRE: words naming a component of a plugin.
	componentNounRE = lazyre.New(`(?i)^(?:sub-?)?(?:skills?|agents?|commands?|workflows?)$`)
	// otherNounRE: words typing a token as something other than a
	// component: what frameworks, formats and files call their
	// namespaced names.
	otherNounRE = lazyre.New(`(?i)^(?:events?|listeners?|markers?|tags?|fields?|keys?|scopes?|labels?|namespaces?|types?|values?|attributes?|attrs?|directives?|propert(?:y|ies)|prefix(?:es)?|modules?|imports?|fences?|regions?|comments?|ids?|identifiers?|tokens?|variables?|vars?|columns?|permissions?|protocols?|schemes?|selectors?|channels?|topics?|states?|statuses|headers?|params?|parameters?|options?|settings?|flags?|kinds?|categor(?:y|ies)|formats?)$`)
	// callVerbRE: a verb whose object is a component to call.
	callVerbRE = lazyre.New(`(?i)^(?:invoke|invokes|invoking|dispatch|dispatches|dispatching|call|calls|calling|load|loads|loading|launch|launches|launching|spawn|spawns|spawning|run|runs|running|trigger|triggers|triggering|activate|activates)$`)
	// useVerbRE: "use", whose object may be a component or anything else.
	useVerbRE = lazyre.New(`(?i)^(?:use|uses|using)$`)
	// handOffRE: a phrase whose object is a component:
	// "hand off to X", and "the forms skill is called X".
	handOffRE = lazyre.New(`(?i)\b(?:delegate|delegates|delegating|hand(?:s|ing)? (?:it |this |work )?(?:off|over)|route|routes|routing|escalate|escalates) to$|\b(?:sub-?)?(?:skill|agent|command|workflow)s?(?: is| are)? (?:called|named)$`)
	// callSyntaxRE: the token is the argument of a call or a key that
	// names a component: Skill("X"), Task tool (X), subagent_type: X.
	callSyntaxRE = lazyre.New(`(?:\b(?:Skill|Task|Agent|SlashCommand)\s*\(|\b(?:Skill|Task|Agent|SlashCommand) tool\s*\(|\b(?:subagent_type|agent_type|subagent|skill_name|command_name)\s*[:=])$`)
	// eventCallRE: the token is the argument of a call that takes an
	// event's name.
	eventCallRE = lazyre.New(`(?:\b(?:add|remove)EventListener|\bdispatchEvent|\bnew (?:Custom)?Event|\.(?:on|once|off|emit|addListener|removeListener|subscribe))\(\s*$`)
)

// decor is the markup that may wrap a token without changing what it is.
const decor = "`\"'*_[]()"

// nounAfter classifies the first word after a token, past other tokens
// coordinated with it ("X/Y markers", "X, Y and Z events").
func nounAfter(after []byte) presentation {
	rest := after
	for {
		rest = bytes.TrimLeft(rest, decor+" \t")
		next := rest
		switch {
		case bytes.HasPrefix(next, []byte("/")), bytes.HasPrefix(next, []byte(",")), bytes.HasPrefix(next, []byte("&")):
			next = next[1:]
		case bytes.HasPrefix(next, []byte("and ")), bytes.HasPrefix(next, []byte("or ")):
			next = next[bytes.IndexByte(next, ' ')+1:]
		default:
			return classifyWord(headWord(rest))
		}
		next = bytes.TrimLeft(next, decor+" \t")
		n := coordinatedLen(next)
		if n == 0 {
			return presentedNot
		}
		rest = next[n:]
	}
}

// wordsBefore classifies the words right before a token, past other
// tokens coordinated with it and an article.
func wordsBefore(before []byte) presentation {
	b := bytes.TrimRight(before, " \t`\"'*_[")
	if callSyntaxRE.Match(b) {
		return presentedComponent
	}
	if eventCallRE.Match(b) {
		return presentedOther
	}
	b = bytes.TrimRight(b, decor+" \t")
	for {
		t := bytes.TrimRight(b, decor+" \t")
		switch {
		case bytes.HasSuffix(t, []byte(",")), bytes.HasSuffix(t, []byte("/")), bytes.HasSuffix(t, []byte("&")):
			t = t[:len(t)-1]
		case bytes.HasSuffix(t, []byte(" and")), bytes.HasSuffix(t, []byte(" or")):
			t = t[:bytes.LastIndexByte(t, ' ')]
		default:
			return classifyBefore(t)
		}
		t = bytes.TrimRight(t, decor+" \t")
		n := coordinatedLenBack(t)
		if n == 0 {
			return classifyBefore(t)
		}
		b = t[:len(t)-n]
	}
}

// classifyBefore classifies the last word of b, skipping an article.
func classifyBefore(b []byte) presentation {
	b = bytes.TrimRight(b, decor+" \t:")
	if handOffRE.Match(b) {
		return presentedComponent
	}
	w := tailWord(b)
	switch strings.ToLower(string(w)) {
	case "the", "a", "an", "this", "that", "its":
		w = tailWord(bytes.TrimRight(b[:len(b)-len(w)], " \t"+decor))
	}
	if callVerbRE.Match(w) {
		return presentedComponent
	}
	if useVerbRE.Match(w) {
		return presentedUsed
	}
	return classifyWord(w)
}

func classifyWord(w []byte) presentation {
	switch {
	case len(w) == 0:
		return presentedNot
	case componentNounRE.Match(w):
		return presentedComponent
	case otherNounRE.Match(w):
		return presentedOther
	}
	return presentedNot
}

// headWord is the run of letters and hyphens that b starts with.
func headWord(b []byte) []byte {
	i := 0
	for i < len(b) && (isLetter(b[i]) || b[i] == '-' && i > 0) {
		i++
	}
	return bytes.TrimRight(b[:i], "-")
}

// tailWord is the run of letters and hyphens that b ends with.
func tailWord(b []byte) []byte {
	i := len(b)
	for i > 0 && (isLetter(b[i-1]) || b[i-1] == '-') {
		i--
	}
	return bytes.TrimLeft(b[i:], "-")
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// coordinatedLen is the length of the name b starts with: a token
// coordinated with the one judged ("X and `other-skill` skills"), with
// or without a plugin prefix.
func coordinatedLen(b []byte) int {
	i := 0
	for i < len(b) && (isNameByte(b[i]) || b[i] == ':') {
		i++
	}
	return i
}

// coordinatedLenBack is the length of the name b ends with.
func coordinatedLenBack(b []byte) int {
	i := len(b)
	for i > 0 && (isNameByte(b[i-1]) || b[i-1] == ':') {
		i--
	}
	return len(b) - i
}

// typedOtherIn reports whether f types the token tok as something other
// than a component anywhere: one "astro:page-load event", one
// addEventListener('astro:page-load') or one row of an "| Event |" table
// makes it an event throughout the file.
func typedOtherIn(f *snapshot.File, tok []byte) bool {
	d := f.Data
	for i := 0; ; {
		j := bytes.Index(d[i:], tok)
		if j < 0 {
			return false
		}
		off, end := i+j, i+j+len(tok)
		i = end
		if off > 0 && isNameByte(d[off-1]) || end < len(d) && isNameByte(d[end]) {
			continue
		}
		ls, le := lineStartAt(d, off), lineEnd(d, end)
		if nounAfter(d[end:le]) == presentedOther || wordsBefore(d[ls:off]) == presentedOther ||
			tableColumn(d, ls, off) == presentedOther || listLeadIn(d, ls, off) == presentedOther {
			return true
		}
	}
}
