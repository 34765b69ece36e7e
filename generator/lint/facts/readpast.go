package facts

import (
	"bytes"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Reading answers "is the model told to act on this text, or does it only
// read past it?" for a name or link at an offset of a markdown file. A
// document mixes steps the model carries out with text it only takes in:
// a list of related skills, a table of when to use something else, a note
// of where a passage came from. A stale name or a dead link in a step
// sends the model to nothing; in an aside the model has no reason to go
// there, so the defect is real but harmless (cosmetic). And some text
// names things that are not this plugin's at all: what a skill replaced,
// or another coding agent's commands.
type Reading int

const (
	// Acted: an instruction, or any text not judged otherwise.
	Acted Reading = iota
	// Aside: a list or table the model reads past: a "See also",
	// "Related …" or closing "References" list, a table of alternatives
	// ("use X instead when…"). A line inside one that tells the model to
	// read, load, open or follow something is Acted. What it names may
	// still be the only pointer to a file or skill the plugin was meant
	// to have (a related skill never shipped); a rule asks whether the
	// plugin ships the thing under a near name (NearTarget, NearComponent)
	// before it calls the defect harmless.
	Aside
	// Provenance: a line that says where a passage came from
	// ("Reference: [core.ts](…) `click`", "Adapted from …", "Generated
	// from …"): a pointer to the source, not a step.
	Provenance
	// History: a note of what the text replaces or what was removed
	// ("Replaces a:b and a:c", "formerly x", "`x` was removed in 0.8"):
	// that the name resolves to nothing is the point of the note.
	History
	// Quoted: text quoted as something to find or to convert, not to do:
	// a list of patterns to scan other files for ("Detection patterns:",
	// "scan the skills for … (e.g. subagent_type: x)"), or the "Before"
	// side of a conversion example. Its names are another plugin's.
	Quoted
	// OtherTool: text about another coding agent (a section or skill on
	// the pi agent, Codex, Gemini CLI, Cursor…), whose slash commands are
	// that agent's, not Claude Code's.
	OtherTool
)

var readingNames = [...]string{"acted", "aside", "provenance", "history", "quoted", "other-tool"}

func (r Reading) String() string { return readingNames[r] }

// ReadingAt judges the text at off of the markdown file f (off at the
// start of a name or a link). History and OtherTool win over the rest:
// what such a note names is not a reference wherever the note sits.
func ReadingAt(f *snapshot.File, off int) Reading {
	d := f.Data
	if off < 0 || off > len(d) {
		return Acted
	}
	ls, le := lineStartAt(d, off), lineEnd(d, off)
	line := d[ls:le]
	if historyAt(d, ls, le, off) {
		return History
	}
	if otherToolAt(f, off, line) {
		return OtherTool
	}
	if quotedAt(f, off, ls, line) {
		return Quoted
	}
	if toldToActRE.Match(line) {
		return Acted
	}
	item := bytes.TrimLeft(line, " \t>*-+0123456789.)")
	if provenanceRE.Match(item) {
		return Provenance
	}
	if pointerLabelRE.Match(item) || asideSection(f, off) || alternativesTable(d, ls) {
		return Aside
	}
	return Acted
}

var (
	// toldToActRE: a line that tells the model to take the thing in or do
	// it, wherever the line sits ("Read x before …", "load y", "you must").
	toldToActRE = lazyre.New(`(?i)\b(?:read|load|open|consult|follow|must|always|required|run|invoke)\b`)
	// provenanceRE: a line that says where a passage came from or points
	// at its source, at the start of the line (list and quote markers
	// stripped).
	// The ^ is outside the alternation: with one in each branch Go's
	// regexp does not see the pattern as anchored and tries every offset
	// of the line, which was a tenth of a large plugin's lint.
	provenanceRE = lazyre.New(`(?i)^(?:\**(?:based on|adapted from|derived from|generated from|copied from|ported from|inspired by|credits?|original)\b\**\s*:|\**(?:adapted from|based on|generated from|copied from|ported from|inspired by)\b)`)
	// pointerLabelRE: "Reference: …", "Source: …": a one-line list of
	// where more is. It may cite where the passage came from, or point
	// the model at the file with the details; like a references list it
	// is harmless only when what it names is shipped.
	pointerLabelRE = lazyre.New(`(?i)^\**(?:references?|sources?)\b\**\s*:`)
	// asideHeadingRE: a heading over a list the model reads past.
	asideHeadingRE = lazyre.New(`(?i)^(?:see also|related(?: [a-z]+)?|further reading|learn more|more (?:information|resources|reading)|external (?:links|resources)|credits|acknowledge?ments|bibliography|useful links)$`)
	// closingHeadingRE: a heading over a list the model reads past only
	// when it closes the document; mid-document the same list may be the
	// skill's table of files to open on demand.
	closingHeadingRE = lazyre.New(`(?i)^(?:references?|resources|sources|links|reference (?:docs|documents|files|material))$`)
	// alternativesHeaderRE: a table header that routes elsewhere.
	alternativesHeaderRE = lazyre.New(`(?i)\binstead\b|\balternatives?\b|\bdon'?t use\b|\bdo not use\b|\bnot for\b|\bwhen not\b`)
)

// asideSection reports whether off sits under a heading over an aside
// list: its nearest heading, or a closing "References" one.
func asideSection(f *snapshot.File, off int) bool {
	hs := f.Markdown().Headings
	at := -1
	for i, h := range hs {
		if h.Offset > off {
			break
		}
		at = i
	}
	if at < 0 {
		return false
	}
	t := headingWords(hs[at].Text)
	if asideHeadingRE.MatchString(t) {
		return true
	}
	if !closingHeadingRE.MatchString(t) {
		return false
	}
	for _, h := range hs[at+1:] {
		if h.Level <= hs[at].Level {
			return false // another section follows: not a closing list
		}
	}
	return true
}

// headingWords strips a heading's numbering, emphasis, emoji and closing
// punctuation ("## 7. See Also:" → "See Also").
func headingWords(t string) string {
	t = strings.TrimSpace(t)
	t = strings.TrimLeft(t, "0123456789.) ")
	t = strings.Trim(t, "*_:. ")
	t = strings.TrimLeftFunc(t, func(r rune) bool { return r > 0x2000 || r == ' ' })
	return strings.TrimSpace(t)
}

// alternativesTable reports whether the line at ls is a row of a table
// whose header routes elsewhere ("| Use this skill when… | Use X instead
// when… |").
func alternativesTable(d []byte, ls int) bool {
	if !isTableRow(d[ls:lineEnd(d, ls)]) {
		return false
	}
	head := tableHead(d, ls)
	return alternativesHeaderRE.Match(d[head:lineEnd(d, head)])
}

// tableHead is the start of the first line of the table whose row starts
// at ls: the header, which types the rows below it.
func tableHead(d []byte, ls int) int {
	head := ls
	for head > 0 {
		prev := lineStartAt(d, head-1)
		if !isTableRow(d[prev : head-1]) {
			break
		}
		head = prev
	}
	return head
}

func isTableRow(line []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("|"))
}

var (
	// historyBeforeRE: a history verb in the clause before the name. Only
	// verbs whose object is the old name: after "replaced by" or "merged
	// into" comes the new one, which must exist.
	historyBeforeRE = lazyre.New(`(?i)\b(?:replaces|supersedes|formerly|previously (?:named|called|known as)|renamed from|merges|consolidates|deprecated)\b[^.;!?]*$`)
	// historyAfterRE: the clause after the name says it is gone.
	historyAfterRE = lazyre.New(`(?i)^[` + "`" + `"'*)\]]*\s*(?:(?:was|were|has been|have been|is|are)\s+(?:now\s+)?(?:removed|deleted|retired|renamed|deprecated|dropped|replaced|merged)|no longer exists?)\b`)
)

// historyAt reports whether the name at off is the object of a history
// note: a history verb earlier in its sentence, or "was removed" right
// after it.
func historyAt(d []byte, ls, le, off int) bool {
	before := d[ls:off]
	if i := bytes.LastIndexAny(before, ".;!?"); i >= 0 && i+1 < len(before) && before[i+1] == ' ' {
		before = before[i+1:]
	}
	if historyBeforeRE.Match(before) {
		return true
	}
	end := off
	for end < le && !isSpaceByte(d[end]) {
		end++
	}
	return historyAfterRE.Match(d[end:le])
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' }
