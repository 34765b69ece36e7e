package fix

import (
	"fmt"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// context is the number of unchanged lines shown around a change, as in
// diff -u.
const context = 3

// Diff renders the plan as a unified diff in git's format (mode changes
// as "old mode"/"new mode"), file by file. The changed lines come from the
// edits themselves, so no diff algorithm has to rediscover them: each edit
// marks the old lines it touches, touching spans merge, and lines the
// span's old and new text share at either end are trimmed back to
// context.
func Diff(p *Plan) string {
	var b strings.Builder
	for _, pf := range p.Files {
		b.WriteString(pf.Diff())
	}
	return b.String()
}

// DiffOver renders, file by file in Display order, the change from each
// file's state before the first round (first: the first round's plan for
// it) to its final content and mode in overlay (keyed by File.Abs). The
// change is one edit over the span where the two differ, so a diff over
// several rounds needs no diff algorithm either.
func DiffOver(first []*File, overlay map[string]snapshot.Overlay) string {
	files := append([]*File{}, first...)
	sort.Slice(files, func(i, j int) bool { return files[i].Display < files[j].Display })
	var b strings.Builder
	for _, pf := range files {
		final := overlay[pf.Abs]
		whole := &File{Display: pf.Display, Abs: pf.Abs, Base: pf.Base, OldMode: pf.OldMode, Mode: final.Mode}
		old, nw := pf.Base, final.Data
		p, s := commonEnds(old, nw)
		if p < len(old)-s || p < len(nw)-s {
			whole.Edits = []lint.Edit{{Start: p, End: len(old) - s, New: string(nw[p : len(nw)-s])}}
		}
		b.WriteString(whole.Diff())
	}
	return b.String()
}

// Diff renders one file's changes.
func (pf *File) Diff() string {
	var b strings.Builder
	name := strings.TrimPrefix(pf.Display, "/") // an absolute path given on the command line
	fmt.Fprintf(&b, "diff --git a/%s b/%s\n", name, name)
	if old, nw := pf.OldMode.Perm(), pf.NewMode(); old != nw {
		fmt.Fprintf(&b, "old mode 100%o\nnew mode 100%o\n", old, nw)
	}
	if len(pf.Edits) == 0 {
		return b.String()
	}
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", name, name)
	old := splitLines(string(pf.Base))
	for _, h := range hunks(pf.changes(), len(old)) {
		h.write(&b, old)
	}
	return b.String()
}

// change replaces old lines [from, to) with lines new.
type change struct {
	from, to int
	new      []string
}

// changes turns the edits into line changes, in order.
func (pf *File) changes() []change {
	starts := lineStarts(pf.Base)
	n := len(starts) - 1 // starts ends with len(Base)
	lineOf := func(off int) int {
		return sort.Search(n, func(i int) bool { return starts[i+1] > off })
	}
	var out []change
	for i := 0; i < len(pf.Edits); {
		e := pf.Edits[i]
		a, b := lineOf(e.Start), min(lineOf(e.End)+1, n)
		j := i + 1
		for j < len(pf.Edits) && lineOf(pf.Edits[j].Start) <= b {
			b = max(b, min(lineOf(pf.Edits[j].End)+1, n))
			j++
		}
		lo, hi := starts[a], starts[b]
		var nb strings.Builder
		last := lo
		for _, e := range pf.Edits[i:j] {
			nb.WriteString(string(pf.Base[last:e.Start]))
			nb.WriteString(e.New)
			last = e.End
		}
		nb.WriteString(string(pf.Base[last:hi]))
		oldL, newL := splitLines(string(pf.Base[lo:hi])), splitLines(nb.String())
		p, s := commonEnds(oldL, newL)
		if a+p < b-s || p < len(newL)-s {
			out = append(out, change{a + p, b - s, newL[p : len(newL)-s]})
		}
		i = j
	}
	return out
}

// hunk is a run of changes close enough to share context.
type hunk struct {
	changes  []change
	from, to int // old lines shown, context included
	newFrom  int // where from lands in the new file
}

func hunks(cs []change, nOld int) []hunk {
	var out []hunk
	shift := 0 // new line index minus old line index before the change
	for _, c := range cs {
		from, to := max(c.from-context, 0), min(c.to+context, nOld)
		if len(out) > 0 && from <= out[len(out)-1].to {
			h := &out[len(out)-1]
			h.changes, h.to = append(h.changes, c), max(h.to, to)
		} else {
			out = append(out, hunk{changes: []change{c}, from: from, to: to, newFrom: from + shift})
		}
		shift += len(c.new) - (c.to - c.from)
	}
	return out
}

func (h hunk) write(b *strings.Builder, old []string) {
	var body strings.Builder
	nOld, nNew := 0, 0
	at := h.from
	for _, c := range h.changes {
		for ; at < c.from; at++ {
			line(&body, ' ', old[at])
			nOld, nNew = nOld+1, nNew+1
		}
		for ; at < c.to; at++ {
			line(&body, '-', old[at])
			nOld++
		}
		for _, l := range c.new {
			line(&body, '+', l)
			nNew++
		}
	}
	for ; at < h.to; at++ {
		line(&body, ' ', old[at])
		nOld, nNew = nOld+1, nNew+1
	}
	fmt.Fprintf(b, "@@ -%s +%s @@\n%s", span(h.from, nOld), span(h.newFrom, nNew), body.String())
}

// span is a hunk range: 1-based start and count; an empty range names the
// line before it, as diff -u does.
func span(from, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", from)
	}
	if n == 1 {
		return fmt.Sprintf("%d", from+1)
	}
	return fmt.Sprintf("%d,%d", from+1, n)
}

func line(b *strings.Builder, mark byte, l string) {
	b.WriteByte(mark)
	b.WriteString(l)
	if !strings.HasSuffix(l, "\n") {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}

// splitLines splits s after each "\n", keeping it; a last line without one
// is kept as it is.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// lineStarts returns the offset of every line start, then len(data).
func lineStarts(data []byte) []int {
	out := []int{0}
	for i, c := range data {
		if c == '\n' && i+1 < len(data) {
			out = append(out, i+1)
		}
	}
	if len(data) == 0 {
		return out
	}
	return append(out, len(data))
}

// commonEnds is how many elements x and y share at their start (p) and,
// after that, at their end (s).
func commonEnds[T comparable](x, y []T) (p, s int) {
	for p < len(x) && p < len(y) && x[p] == y[p] {
		p++
	}
	for s < len(x)-p && s < len(y)-p && x[len(x)-1-s] == y[len(y)-1-s] {
		s++
	}
	return p, s
}
