package snapshot

import (
	"io/fs"
	"path"
	"sort"
	"strings"
)

// FromMemory builds a snapshot from file contents without touching the
// disk (for tests and fuzzing): paths are slash-separated and relative;
// parent directories are implied. Files whose path ends in ".sh" get mode
// 0755, others 0644.
func FromMemory(display string, files map[string][]byte) *Plugin {
	p := &Plugin{Root: "/nonexistent/" + display, Display: display, byPath: map[string]*File{}}
	dirs := map[string]bool{}
	for rel, data := range files {
		rel = strings.TrimPrefix(path.Clean(rel), "/")
		if rel == "." || strings.HasPrefix(rel, "../") {
			continue
		}
		mode := fs.FileMode(0o644)
		if strings.HasSuffix(rel, ".sh") {
			mode = 0o755
		}
		if data == nil {
			data = []byte{}
		}
		p.add(&File{Path: rel, Abs: p.Root + "/" + rel, Mode: mode, Size: int64(len(data)), Data: data})
		for d := path.Dir(rel); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	for d := range dirs {
		if p.byPath[d] == nil {
			p.add(&File{Path: d, Abs: p.Root + "/" + d, Mode: fs.ModeDir | 0o755})
		}
	}
	sort.Slice(p.Files, func(i, j int) bool { return p.Files[i].Path < p.Files[j].Path })
	p.classify()
	p.Provenance, p.Sources = readProvenance(p)
	return p
}
