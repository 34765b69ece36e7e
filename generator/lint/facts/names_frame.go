package facts

import (
	"bytes"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// The frames that type a bare token by where it sits rather than by the
// words next to it: a table column, a list's lead-in, the file's own
// name; and the note that names a component's caller.

// tableColumn classifies a token in a table cell by the header of its
// column ("| Event | When |" types every row's first cell as an event).
func tableColumn(d []byte, ls, off int) presentation {
	line := d[ls:lineEnd(d, ls)]
	if !isTableRow(line) {
		return presentedNot
	}
	head := tableHead(d, ls)
	if head == ls {
		return presentedNot // the token is in the header itself
	}
	col := cellIndex(d[ls:off])
	cells := splitCells(d[head:lineEnd(d, head)])
	if col >= len(cells) {
		return presentedNot
	}
	return classifyPhrase(cells[col])
}

// cellIndex counts the cell separators before a position of a table row.
func cellIndex(before []byte) int {
	n := 0
	for i := 0; i < len(before); i++ {
		if before[i] == '|' && (i == 0 || before[i-1] != '\\') {
			n++
		}
	}
	return n
}

// splitCells splits a table row at its unescaped "|" (the empty text
// before a leading "|" is cell 0, so cells line up with cellIndex).
func splitCells(row []byte) [][]byte {
	var out [][]byte
	start := 0
	for i := 0; i < len(row); i++ {
		if row[i] == '|' && (i == 0 || row[i-1] != '\\') {
			out = append(out, row[start:i])
			start = i + 1
		}
	}
	return append(out, row[start:])
}

// listMarkerRE: a list item's marker and the markup before its first word.
var listMarkerRE = lazyre.New(`^[ \t]*(?:[-*+]|[0-9]+[.)])[ \t]+[` + "`" + `"'*_\[( \t]*$`)

// listLeadIn classifies a token that opens a list item by the line that
// introduces the list: a heading ("## Related Skills") or a line ending
// in a colon ("**Required workflow skills:**", "Events:").
func listLeadIn(d []byte, ls, off int) presentation {
	if !listMarkerRE.Match(d[ls:off]) {
		return presentedNot
	}
	for p, n := ls, 0; p > 0 && n < 80; n++ {
		prev := lineStartAt(d, p-1)
		line := d[prev : p-1]
		p = prev
		t := bytes.TrimSpace(line)
		switch {
		case len(t) == 0, line[0] == ' ' || line[0] == '\t', listItemRE.Match(line):
			continue // a blank line, an item or an item's continuation
		case t[0] == '#':
			return classifyLeadIn(bytes.TrimLeft(t, "# "))
		}
		t = bytes.TrimRight(t, "*_ ")
		if bytes.HasSuffix(t, []byte(":")) {
			return classifyLeadIn(t)
		}
		return presentedNot
	}
	return presentedNot
}

// classifyLeadIn classifies a lead-in by its first or last word, the
// head of a title ("Related Skills", "Lifecycle Events (in order)",
// "Skills used").
func classifyLeadIn(t []byte) presentation {
	if i := bytes.IndexByte(t, '('); i > 0 {
		t = t[:i]
	}
	t = bytes.Trim(t, "*_:. \t`")
	t = bytes.TrimLeft(t, "0123456789.) ")
	if p := classifyWord(tailWord(t)); p != presentedNot {
		return p
	}
	return classifyWord(headWord(t))
}

// classifyPhrase classifies a table header cell by the first of its
// words that says what the column holds, or as what to use instead in a
// table of alternatives.
func classifyPhrase(cell []byte) presentation {
	if alternativesHeaderRE.Match(cell) {
		return presentedUsed // "Use X instead when…": what to use instead
	}
	for _, w := range bytes.FieldsFunc(cell, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-') }) {
		if p := classifyWord(w); p != presentedNot {
			return p
		}
	}
	return presentedNot
}

// ownName reports whether the token is the value of the file's own
// frontmatter name: the thing's own frame.
func ownName(f *snapshot.File, off, end int) bool {
	_, v := f.Frontmatter().Get("name")
	return v != nil && v.Line == f.At(off).Line
}

var (
	// callerByRE: "invoked by X", "called automatically by X", "called
	// from X", an agent's "**Returns to**: X": the token is what calls
	// this text.
	callerByRE = lazyre.New(`(?i)\b(?:(?:invoked|called|triggered|launched|dispatched|spawned|used|loaded|started)(?: [a-z]+ly)? (?:by|from)(?: the)?|returns to)[*_]*:?$`)
	// thisComponentRE: the sentence speaks of the text's own component.
	thisComponentRE = lazyre.New(`(?i)\bthis (?:skill|agent|command|guide|workflow)\b`)
	// callerVerbRE: the word after a caller, asking for this component.
	callerVerbRE = lazyre.New(`(?i)^(?:needs?|wants?|calls?|invokes?|dispatches|delegates|asks?|uses?|loads?|requires?|spawns?|runs?|reaches)\b`)
)

// callerNote reports whether the token at d[off:end] names what calls the
// text rather than something the text calls: "invoked by X", "Use this
// skill when X needs to ask Codex". A stale caller sends the model
// nowhere; the note is for the reader.
func callerNote(d []byte, off, end int) bool {
	ls, le := lineStartAt(d, off), lineEnd(d, end)
	before := bytes.TrimRight(d[ls:off], decor+" \t/")
	// Past the callers coordinated before it: "Used by: /p:a, /p:b and /p:c".
	for bytes.HasSuffix(before, []byte(",")) || bytes.HasSuffix(before, []byte(" and")) || bytes.HasSuffix(before, []byte(" or")) {
		t := bytes.TrimRight(bytes.TrimSuffix(bytes.TrimSuffix(bytes.TrimSuffix(before, []byte(",")), []byte(" and")), []byte(" or")), decor+" \t/")
		n := coordinatedLenBack(t)
		if n == 0 {
			break
		}
		before = bytes.TrimRight(t[:len(t)-n], decor+" \t/")
	}
	if callerByRE.Match(before) {
		return true
	}
	after := bytes.TrimLeft(d[end:le], decor+" \t")
	if !callerVerbRE.Match(after) {
		return false
	}
	s := ls
	if i := bytes.LastIndexAny(d[ls:off], ".!?;"); i >= 0 {
		s = ls + i + 1
	}
	e := le
	if i := bytes.IndexAny(d[end:le], ".!?;"); i >= 0 {
		e = end + i
	}
	return thisComponentRE.Match(d[s:e])
}

// SlashCommandAt reports whether the "<plugin>:<name>" token at off is
// written as a slash command: a "/" right before it that starts a word.
// In "kit:begin/kit:end" the slash joins two tokens; it calls nothing.
func SlashCommandAt(d []byte, off int) bool {
	return off > 0 && d[off-1] == '/' && (off == 1 || !isNameByte(d[off-2]) && d[off-2] != ':' && d[off-2] != '.')
}

// OwnNearMention reports whether the "<plugin>:<name>" reference at
// d[off:end] of f is the file's own component under a near spelling
// ("/p:make-plan" in commands/make_plan.md, which registers as
// p:make_plan) shown rather than called: opening a line of a code block
// (its usage line, its examples, as typed) or on a line that says it is
// "this command". The user is already running the
// component; the stale spelling misleads a reader, it sends the model
// nowhere. A call word attached to it ("Then run /p:make-plan again")
// still calls it: 2.1.330 does not run a near name (it asks the user,
// and the Skill tool answers "Unknown skill … Did you mean …?").
func OwnNearMention(c *snapshot.Components, f *snapshot.File, ex *ExampleMap, off, end int, name string) bool {
	own := c.NameOf(f)
	if own == "" || own == name || foldName(own) != foldName(name) {
		return false
	}
	d := f.Data
	ls, le := lineStartAt(d, off), lineEnd(d, end)
	before := bytes.TrimRight(d[ls:off], "/")
	if wordsBefore(before) == presentedComponent {
		return false
	}
	// In a code block, a line the name opens: the command as typed.
	typed := ex.In(off) && len(bytes.Trim(before, " \t`$>")) == 0
	return typed || thisComponentRE.Match(d[ls:le])
}
