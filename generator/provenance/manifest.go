package provenance

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
)

// Generator is the value of the manifest's "generator" field.
const Generator = "plugforge"

// SchemaName is the schema in schemas/ that describes the manifest.
const SchemaName = "provenance.schema.json"

// Manifest is a decoded .plugforge-manifest.json.
type Manifest struct {
	Generator string        `json:"generator"`
	Variant   string        `json:"variant"`
	Dialect   model.Dialect `json:"dialect"`
	Files     []Entry       `json:"files"`
}

// Entry is one output file.
type Entry struct {
	Path    string   `json:"path"`
	SHA256  string   `json:"sha256"`
	Mode    string   `json:"mode"` // four octal digits, e.g. "0644"
	Sources []Source `json:"sources"`
	// Dispatches are the subagent dispatches rendered into the file.
	Dispatches []Dispatch `json:"dispatches,omitempty"`
}

// Dispatch is one dispatch site the build rendered, as generator/render
// recorded it while executing the dispatch templates.
type Dispatch struct {
	// Component and Role name the roles.yaml site (a command or skill
	// table, and a role in it); both are empty for a dispatch a body
	// writes in its own words.
	Component string             `json:"component,omitempty"`
	Role      string             `json:"role,omitempty"`
	Agent     string             `json:"agent"` // without the plugin prefix
	Kind      model.DispatchKind `json:"kind"`
	Line      int                `json:"line"` // 1-based, where the dispatch starts
}

// Source is one input of an output file.
type Source struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Hash is the hex sha256 of b, as every hash in the manifest is written.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Encode writes m with its files sorted by path, indented, and without
// HTML escaping, so the same variant always yields the same bytes.
func Encode(m Manifest) ([]byte, error) {
	m.Generator = Generator
	m.Files = append([]Entry(nil), m.Files...)
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("encoding %s: %w", model.ProvenancePath, err)
	}
	return b.Bytes(), nil
}

// Decode reads a manifest strictly: a key the format does not have, a
// missing field or a malformed hash, mode, name or dispatch is an error
// naming the first problem and where it is, as schemas/provenance.schema.json
// would (TestReaderAgreesWithSchema holds the two together; the schema is
// not run here because it costs more than the rest of reading a variant).
// A manifest that fails (hand-edited, or written by an older plugforge) is
// not trusted at all.
func Decode(data []byte) (*Manifest, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return nil, fmt.Errorf("%s does not follow schemas/%s: unknown property %s", model.ProvenancePath, SchemaName, f)
		}
		return nil, fmt.Errorf("%s is not valid JSON: %w", model.ProvenancePath, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s is not valid JSON: data after the manifest", model.ProvenancePath)
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("%s does not follow schemas/%s: %w", model.ProvenancePath, SchemaName, err)
	}
	return &m, nil
}

// Entry finds a file's record, or nil. Files is sorted by path when
// Encode wrote it, so this is a binary search, with a scan for manifests
// edited by hand.
func (m *Manifest) Entry(path string) *Entry {
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
