package importer

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/source"
)

// Report thresholds. A passage takes part with at least minLines lines of
// content; two passages are copies when they share at least half of the
// larger one's content lines (after names, placeholders, quoted strings,
// file names and numbers are set aside). Index lists longer than
// commonLine are not used to find candidates: such lines ("Return your
// assessment as JSON:") are everywhere and would make finding pairs
// quadratic, while the similarity itself still counts them.
const (
	minLines   = 3
	similarity = 0.5
	commonLine = 400
)

// Copy is one place a repeated block is written.
type Copy struct {
	Path  string // slash path inside the plugin directory
	Line  int
	Lines int // content lines
}

// Group is a set of passages that share most of their lines: the
// candidates for one template.
type Group struct {
	Copies []Copy // in file and line order
	Head   string // the first content lines of the largest copy
	Saving int    // content lines the other copies share with the largest
}

// RepeatedBlocks is what Report finds in a plugin's markdown.
type RepeatedBlocks struct {
	Dir      string
	Files    int // markdown files read
	Passages int // passages of minLines or more compared
	Groups   []Group
}

// Report reads the markdown of the plugin in dir and groups its repeated
// passages, biggest saving first. It only reads: symbolic links are
// passed over rather than refused.
func Report(dir string) (*RepeatedBlocks, error) {
	in, _, err := readTree(dir, func(Message) {}, true)
	if err != nil {
		if e, ok := err.(*model.PosError); ok {
			e.File = path.Join(filepath.ToSlash(dir), e.File)
		}
		return nil, err
	}
	n := newNormaliser(pluginNames(in))
	rep := &RepeatedBlocks{Dir: filepath.ToSlash(dir)}
	var ps []passage
	for _, f := range in {
		if !strings.HasSuffix(f.Rel, ".md") || source.CheckText(f.Rel, f.Data) != nil && !strings.Contains(string(f.Data), "\r\n") {
			continue
		}
		rep.Files++
		for _, p := range n.passages(f.Rel, strings.ReplaceAll(string(f.Data), "\r\n", "\n")) {
			if len(p.key) >= minLines {
				ps = append(ps, p)
			}
		}
	}
	rep.Passages = len(ps)
	rep.Groups = groupPassages(ps)
	return rep, nil
}

// pluginNames are the names the normaliser sets aside: the plugin's own
// and its commands', agents' and skills'.
func pluginNames(in []inFile) []string {
	seen := map[string]bool{}
	for _, f := range in {
		if f.Rel == model.PluginManifestPath {
			if doc, err := readJSON(string(f.Data)); err == nil {
				if v := field(doc.Value, "name"); v != nil && v.Kind == model.JSONString {
					seen[v.Text] = true
				}
			}
		} else if _, name, ok := model.ComponentAt(f.Rel); ok {
			seen[name] = true
		}
	}
	delete(seen, "")
	return model.SortedKeys(seen)
}

// groupPassages links every pair of passages similar enough and returns the
// connected groups of two or more, biggest saving first.
func groupPassages(ps []passage) []Group {
	index := map[int][]int{}
	for i, p := range ps {
		for j, k := range p.key {
			if j == 0 || k != p.key[j-1] {
				index[k] = append(index[k], i)
			}
		}
	}
	parent := make([]int, len(ps))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, p := range ps {
		candidates := map[int]bool{}
		for _, k := range p.key {
			if l := index[k]; len(l) <= commonLine {
				for _, j := range l {
					if j > i {
						candidates[j] = true
					}
				}
			}
		}
		for j := range candidates {
			if similar(p.key, ps[j].key) {
				a, b := find(i), find(j)
				if a > b {
					a, b = b, a
				}
				parent[b] = a // the smaller index is the root: deterministic
			}
		}
	}
	members := map[int][]int{}
	for i := range ps {
		members[find(i)] = append(members[find(i)], i)
	}
	var groups []Group
	for _, ids := range members {
		if len(ids) > 1 {
			groups = append(groups, makeGroup(ps, ids))
		}
	}
	sort.Slice(groups, func(i, j int) bool {
		a, b := groups[i], groups[j]
		if a.Saving != b.Saving {
			return a.Saving > b.Saving
		}
		return a.Copies[0].Path < b.Copies[0].Path || a.Copies[0].Path == b.Copies[0].Path && a.Copies[0].Line < b.Copies[0].Line
	})
	return groups
}

func similar(a, b []int) bool {
	longer := max(len(a), len(b))
	return float64(shared(a, b)) >= similarity*float64(longer)
}

// makeGroup describes one group: its copies in order, the largest copy's
// opening lines, and what the other copies share with it.
func makeGroup(ps []passage, ids []int) Group {
	sort.Ints(ids) // passages are in file and line order already
	rep := ids[0]
	for _, i := range ids {
		if len(ps[i].key) > len(ps[rep].key) {
			rep = i
		}
	}
	g := Group{}
	for _, i := range ids {
		g.Copies = append(g.Copies, Copy{Path: ps[i].file, Line: ps[i].line, Lines: len(ps[i].key)})
		if i != rep {
			g.Saving += shared(ps[i].key, ps[rep].key)
		}
	}
	var head []string
	for _, l := range ps[rep].lines {
		if t := strings.TrimSpace(l); !trivial.MatchString(t) && fenceRun(l) == "" && len(head) < 2 {
			head = append(head, t)
		}
	}
	g.Head = strings.Join(head, " / ")
	if len(g.Head) > 100 {
		g.Head = g.Head[:100] + "…"
	}
	return g
}

// Write prints the report: a summary, then each group with every copy
// as path:line, so an editor can jump to it.
func (r *RepeatedBlocks) Write(w io.Writer) {
	total := 0
	for _, g := range r.Groups {
		total += g.Saving
	}
	fmt.Fprintf(w, "repeated blocks in %s: %d groups among %d passages of %d markdown files; about %d lines could be written once\n",
		r.Dir, len(r.Groups), r.Passages, r.Files, total)
	for i, g := range r.Groups {
		fmt.Fprintf(w, "\n%d. %d copies, ~%d lines saved: %s\n", i+1, len(g.Copies), g.Saving, g.Head)
		for _, c := range g.Copies {
			fmt.Fprintf(w, "   %s:%d (%d lines)\n", path.Join(r.Dir, c.Path), c.Line, c.Lines)
		}
	}
}
