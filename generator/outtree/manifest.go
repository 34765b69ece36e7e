package outtree

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"

	"github.com/plugforge/plugforge/generator/model"
)

// Manifest records how each file of a variant was produced.
type Manifest struct {
	Generator string  `json:"generator"`
	Variant   string  `json:"variant"`
	Files     []Entry `json:"files"`
}

// Entry is one output file.
type Entry struct {
	Path    string   `json:"path"`
	SHA256  string   `json:"sha256"`
	Mode    string   `json:"mode"`
	Sources []Source `json:"sources"`
}

// Source is one input of an output file.
type Source struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// File is a file to place in a variant directory.
type File struct {
	Path    string
	Data    []byte
	Mode    fs.FileMode
	Sources []string
}

// Hash is the hex sha256 of b.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// WithManifest returns files plus the manifest describing them. srcBytes
// resolves a source display path to its current bytes.
func WithManifest(variant string, files []File, srcBytes func(string) []byte) ([]File, error) {
	m := Manifest{Generator: "plugforge", Variant: variant}
	for _, f := range files {
		e := Entry{Path: f.Path, SHA256: Hash(f.Data), Mode: fmt.Sprintf("%04o", f.Mode.Perm())}
		for _, s := range f.Sources {
			b := srcBytes(s)
			if b == nil {
				return nil, fmt.Errorf("internal: no bytes for source %s of %s", s, f.Path)
			}
			e.Sources = append(e.Sources, Source{Path: s, SHA256: Hash(b)})
		}
		m.Files = append(m.Files, e)
	}
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("encoding manifest: %w", err)
	}
	out := append(append([]File(nil), files...), File{Path: model.ProvenancePath, Data: b.Bytes(), Mode: 0o644})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// ReadManifest parses a manifest; a missing or broken one yields nil.
func ReadManifest(b []byte) *Manifest {
	var m Manifest
	if b == nil || json.Unmarshal(b, &m) != nil {
		return nil
	}
	return &m
}

// entry finds a file's record; Files is sorted by path (WithManifest sorts
// it), so this is a binary search, with a scan for hand-made manifests.
func (m *Manifest) entry(path string) *Entry {
	if m == nil {
		return nil
	}
	i := sort.Search(len(m.Files), func(i int) bool { return m.Files[i].Path >= path })
	if i < len(m.Files) && m.Files[i].Path == path {
		return &m.Files[i]
	}
	for i := range m.Files {
		if m.Files[i].Path == path {
			return &m.Files[i]
		}
	}
	return nil
}
