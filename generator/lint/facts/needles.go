package facts

import (
	"bytes"
	"fmt"
	"slices"
	"sync"

	"github.com/plugforge/plugforge/generator/internal/needle"
	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Needles is a set of literals that every match of some pattern contains,
// declared at package level by the analysis or rule that searches for
// them. The literals of every set are found together, in one pass over
// each file (the file's needle index, built on first use and shared by
// every rule), instead of one scan per literal per rule: the credential
// rule alone had fifteen, each a scan of every text file.
type Needles struct {
	lits []string
	ids  []int // ids in the shared matcher
}

// needleSet is every literal any Needles declared, compiled into one
// matcher when the first file is indexed.
var needleSet struct {
	mu      sync.Mutex
	lits    []string
	ids     map[string]int
	matcher *needle.Matcher
}

var buildMatcher = sync.OnceValue(func() *needle.Matcher {
	needleSet.mu.Lock()
	defer needleSet.mu.Unlock()
	needleSet.matcher = needle.Compile(needleSet.lits)
	return needleSet.matcher
})

// NewNeedles declares a set of non-empty literals. It must run at package
// initialisation: a set declared after the first file was indexed would
// be missing from the index, and panics instead.
func NewNeedles(lits ...string) *Needles {
	needleSet.mu.Lock()
	defer needleSet.mu.Unlock()
	if needleSet.matcher != nil {
		panic(fmt.Sprintf("facts.NewNeedles(%q) after the first search: declare needles in a package-level var", lits))
	}
	if needleSet.ids == nil {
		needleSet.ids = map[string]int{}
	}
	n := &Needles{lits: lits}
	for _, l := range lits {
		if l == "" {
			panic("facts.NewNeedles: empty literal")
		}
		id, ok := needleSet.ids[l]
		if !ok {
			id = len(needleSet.lits)
			needleSet.ids[l] = id
			needleSet.lits = append(needleSet.lits, l)
		}
		n.ids = append(n.ids, id)
	}
	return n
}

// Offsets lists where lit, one of the set's literals, starts in f, in
// increasing order; nil when lit is not one of them or not in f.
func (n *Needles) Offsets(f *snapshot.File, lit string) []int {
	for i, l := range n.lits {
		if l == lit {
			return indexOf(f)[n.ids[i]]
		}
	}
	return nil
}

// Lits are the set's literals, as declared.
func (n *Needles) Lits() []string { return n.lits }

// needleIndex holds, for each declared literal, the offsets where it
// starts in one file, in increasing order (nil where it does not occur).
type needleIndex [][]int

var needleSlot = snapshot.NewSlot()

// indexOf is f's needle index, built once per file by one pass of the
// shared matcher over its bytes.
func indexOf(f *snapshot.File) needleIndex {
	return f.Cached(needleSlot, func() any {
		m := buildMatcher()
		idx := make(needleIndex, m.Len())
		m.Each(f.Data, func(id, start int) { idx[id] = append(idx[id], start) })
		return idx
	}).(needleIndex)
}

// In reports whether f holds any of the literals.
func (n *Needles) In(f *snapshot.File) bool {
	idx := indexOf(f)
	for _, id := range n.ids {
		if len(idx[id]) > 0 {
			return true
		}
	}
	return false
}

// FindAll returns re.FindAllSubmatchIndex(f.Data, -1), given that every
// match of re contains one of the literals: it runs re not at all on a
// file without one and, for a line-bound pattern (lazyre.RE.LineBound),
// only on the lines that hold one, which finds the same matches as a run
// over the whole text. Where the literals are comes from f's index.
func (n *Needles) FindAll(re *lazyre.RE, f *snapshot.File) [][]int {
	if !n.In(f) {
		return nil
	}
	data := f.Data
	if !re.LineBound() {
		return re.FindAllSubmatchIndex(data, -1)
	}
	idx := indexOf(f)
	var starts []int // starts of the lines that hold a literal
	for _, id := range n.ids {
		end := -1 // end of the last line taken: one hit a line is enough
		for _, off := range idx[id] {
			if off < end {
				continue
			}
			starts = append(starts, lineStartAt(data, off))
			end = lineEnd(data, off)
		}
	}
	slices.Sort(starts)
	return findOnLines(re, data, slices.Compact(starts))
}

// findOnLines runs re on each line starting at an offset of starts
// (sorted, distinct) and returns the matches with offsets into data.
func findOnLines(re *lazyre.RE, data []byte, starts []int) [][]int {
	var out [][]int
	for _, ls := range starts {
		for _, m := range re.FindAllSubmatchIndex(data[ls:lineEnd(data, ls)], -1) {
			for k := range m {
				if m[k] >= 0 {
					m[k] += ls
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// lineStartAt is the offset of the start of the line holding off.
func lineStartAt(data []byte, off int) int { return bytes.LastIndexByte(data[:off], '\n') + 1 }

// lineEnd is the offset of the line break ending the line at off, or
// len(data).
func lineEnd(data []byte, off int) int {
	if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(data)
}
