package facts

import (
	"bytes"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// closingLinkList answers "does off sit in a closing list of pointers?"
// by the shape of the text, not its words, so that it holds in any
// language ("## 関連スキル", "## Supporting Files", "**参照:**"): a list
// or a table whose every item carries a link, led in by a heading or by
// a line that ends with a colon, with nothing after it in the document
// that sends the model along a link. Such a list closes a document the
// way "See also" does: an index of where to go next, which the model may
// leave alone. It is no pointer list when a line of it, or its lead-in,
// tells the model to read, load or use a file (sendRE: "Before starting,
// review: …" is a step), nor when a later line links a file outside such
// a list (a "Quick reference" table at the top of a skill whose sections
// then say "Use [x](x.md) when …" routes the model: the table is the
// task's index, not a closing pointer).
//
// A footer of "**Label:** value" lines after the document's last
// thematic break ("**Version:** 1.0", "**Source:** [spec](…)") is one
// too: metadata about where the text came from.
func closingLinkList(f *snapshot.File, off int) bool {
	d := f.Data
	ls := lineStartAt(d, off)
	if footerLine(d[ls:lineEnd(d, ls)]) {
		return closingFooter(f, ls)
	}
	if !itemLine(d[ls:lineEnd(d, ls)]) {
		return false
	}
	// Walk up over the block to its lead-in.
	start := ls
	for start > 0 {
		prev := lineStartAt(d, start-1)
		l := d[prev : start-1]
		if len(bytes.TrimSpace(l)) != 0 && !itemLine(l) && !continuationLine(l) {
			break
		}
		start = prev
	}
	lead := prevLine(d, start)
	if !leadLine(lead) {
		return false
	}
	// Walk down over the whole block: every item links, nothing sends.
	end := start
	rows, links := 0, 0
	for end < len(d) {
		le := lineEnd(d, end)
		l := d[end:le]
		if t := bytes.TrimSpace(l); len(t) != 0 && !itemLine(l) && !continuationLine(l) {
			break
		}
		if sendRE.Match(l) {
			return false
		}
		if itemLine(l) && !tableRule(l) {
			rows++
			switch {
			case bytes.Contains(l, []byte("](")):
				links++
			case isTableRow(l) && rows == 1: // a table's header
			case !labelledItem(l):
				return false // an item of prose: a list of points, not of pointers
			}
		}
		end = le + 1
	}
	return 2*links > rows && !sendRE.Match(lead) && !laterLink(f, end)
}

// labelledItem: a list item headed by a bold or code label, the way an
// index names a component it does not link ("- **web:forms**: …").
func labelledItem(l []byte) bool {
	t := strings.TrimLeft(listItemRE.ReplaceAllString(string(l), ""), " ")
	return strings.HasPrefix(t, "**") || strings.HasPrefix(t, "`")
}

// laterLink reports whether a line after from, outside fenced blocks,
// carries a link and is not itself an item of a list or table: the
// document goes on sending the model somewhere.
func laterLink(f *snapshot.File, from int) bool {
	d := f.Data
	fences := f.Markdown().Fences
	for s := from; s < len(d); s = lineEnd(d, s) + 1 {
		l := d[s:lineEnd(d, s)]
		if !bytes.Contains(l, []byte("](")) || inFences(fences, s) {
			continue
		}
		if !itemLine(l) || sendRE.Match(l) {
			return true
		}
	}
	return false
}

// closingFooter: the footer line at ls lies after the document's last
// thematic break, and every line from there to the end is blank or a
// "**Label:** value" line.
func closingFooter(f *snapshot.File, ls int) bool {
	d := f.Data
	s := ls
	for s > 0 {
		prev := lineStartAt(d, s-1)
		l := bytes.TrimSpace(d[prev : s-1])
		if thematicBreakRE.Match(l) {
			break
		}
		if len(l) != 0 && !footerLine(l) {
			return false
		}
		s = prev
	}
	if s == 0 {
		return false
	}
	for e := ls; e < len(d); e = lineEnd(d, e) + 1 {
		if l := d[e:lineEnd(d, e)]; len(bytes.TrimSpace(l)) != 0 && !footerLine(l) {
			return false
		}
	}
	return true
}

func inFences(fs []snapshot.Fence, off int) bool {
	for _, fe := range fs {
		if off >= fe.Offset && off < fe.End {
			return true
		}
	}
	return false
}

func itemLine(l []byte) bool { return listItemRE.Match(l) || isTableRow(l) }

// continuationLine: an indented line that goes on with the item above.
func continuationLine(l []byte) bool {
	return bytes.HasPrefix(l, []byte("  ")) || bytes.HasPrefix(l, []byte("\t"))
}

// tableRule: a table's delimiter row ("|---|:--:|").
func tableRule(l []byte) bool {
	return isTableRow(l) && len(bytes.Trim(bytes.TrimSpace(l), "|-: ")) == 0
}

// leadLine: a heading, or a line that ends with a colon (a label:
// "**関連スキル:**", "Key tools:").
func leadLine(l []byte) bool {
	t := bytes.TrimSpace(l)
	if bytes.HasPrefix(t, []byte("#")) {
		return true
	}
	t = bytes.TrimRight(t, "*_ ")
	return bytes.HasSuffix(t, []byte(":")) || bytes.HasSuffix(t, []byte("："))
}

var (
	// footerLineRE: "**Label:** value", a metadata line.
	footerLineRE = lazyre.New(`^\s*\*\*[^*\n]{1,40}?:\*\*\s*\S|^\s*\*\*[^*\n]{1,40}\*\*:\s*\S`)
	// thematicBreakRE: "---", "***", "___".
	thematicBreakRE = lazyre.New(`^(?:-{3,}|\*{3,}|_{3,})$`)
)

func footerLine(l []byte) bool { return footerLineRE.Match(l) }

// locationLink answers "is this link a citation of a place in a source
// file?": its destination carries a line anchor ("#L42", "#L10-L20") or
// its text is a file:line location ("parser.go:42"). An output format or
// a style shows such a link as the shape of what the model writes in its
// answers; nothing sends the model to read a file at a line.
func locationLink(f *snapshot.File, l snapshot.Link) bool {
	return lineAnchorRE.MatchString(l.Dest) || fileLineRE.MatchString(linkText(f, l))
}

var (
	lineAnchorRE = lazyre.New(`#L\d+(?:-L?\d+)?$`)
	fileLineRE   = lazyre.New(`^[\w./-]+\.\w+:\d+(?:-\d+)?$`)
)
