package baseline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/schemas"
)

// Version is the file format's version; a reader refuses any other.
const Version = 1

// DefaultName is the file plugforge import writes beside plugin-src.
const DefaultName = "plugforge-baseline.json"

// Entry is one key and how many findings it stands for.
type Entry struct {
	Key
	Count int `json:"count"`
}

// Baseline is a baseline file.
type Baseline struct {
	Path    string  // where it is read from or written to, as the user named it
	Entries []Entry // sorted by key, one per key
}

type fileJSON struct {
	Version  int     `json:"version"`
	Findings []Entry `json:"findings"`
}

// Load reads and checks the baseline at path. A missing file is an error
// that wraps fs.ErrNotExist, so a caller can tell it from a bad one.
func Load(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w", path, pe.Err) // errors.Is(err, fs.ErrNotExist) still holds
		}
		return nil, err
	}
	return Parse(data, path)
}

// Parse checks data (the content of path) against
// schemas/lint-baseline.schema.json and decodes it. Errors name the file
// and, where it can be told, the line.
func Parse(data []byte, path string) (*Baseline, error) {
	var raw any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		off := int64(len(data)) // io.ErrUnexpectedEOF: the document ends too soon
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset
		}
		return nil, &model.PosError{File: path, Line: lineAt(data, off), Msg: "not JSON: " + err.Error()}
	}
	if dec.More() {
		return nil, &model.PosError{File: path, Line: lineAt(data, dec.InputOffset()), Msg: "more than one JSON value"}
	}
	issues, err := schemas.Validate("lint-baseline.schema.json", raw)
	if err != nil {
		return nil, &model.PosError{File: path, Msg: err.Error()}
	}
	if len(issues) > 0 {
		is := issues[0]
		where := is.Pointer
		if where == "" {
			where = "top level"
		}
		return nil, &model.PosError{File: path, Line: pointerLine(data, is.Pointer), Msg: fmt.Sprintf("%s: %s", where, is.Message)}
	}
	var f fileJSON
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, &model.PosError{File: path, Msg: err.Error()}
	}
	b := &Baseline{Path: path}
	b.add(f.Findings)
	return b, nil
}

// add merges entries into b, one per key, and sorts them.
func (b *Baseline) add(entries []Entry) {
	at := map[Key]int{}
	for i, e := range b.Entries {
		at[e.Key] = i
	}
	for _, e := range entries {
		if i, ok := at[e.Key]; ok {
			b.Entries[i].Count += e.Count
			continue
		}
		at[e.Key] = len(b.Entries)
		b.Entries = append(b.Entries, e)
	}
	sort.Slice(b.Entries, func(i, j int) bool { return b.Entries[i].Key.less(b.Entries[j].Key) })
}

// Encode is the file's bytes: deterministic, sorted, two-space indented,
// ending in a newline.
func (b *Baseline) Encode() []byte {
	entries := b.Entries
	if entries == nil {
		entries = []Entry{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(fileJSON{Version: Version, Findings: entries}) // cannot fail: strings and ints
	return buf.Bytes()
}

// Write replaces the file at b.Path with b, atomically: through a
// temporary file beside it and a rename. A file that already holds these
// bytes is left alone, so its time stamp says when it last changed.
func (b *Baseline) Write() error {
	if old, err := os.ReadFile(b.Path); err == nil && bytes.Equal(old, b.Encode()) {
		return nil
	}
	dir := filepath.Dir(b.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("writing baseline %s: %w", b.Path, err)
	}
	tmp, err := os.CreateTemp(dir, ".plugforge-baseline-*")
	if err != nil {
		return fmt.Errorf("writing baseline %s: %w", b.Path, err)
	}
	defer os.Remove(tmp.Name()) // gone once renamed
	if _, err := tmp.Write(b.Encode()); err != nil {
		tmp.Close()
		return fmt.Errorf("writing baseline %s: %w", b.Path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing baseline %s: %w", b.Path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { // CreateTemp makes it 0600
		return fmt.Errorf("writing baseline %s: %w", b.Path, err)
	}
	if err := os.Rename(tmp.Name(), b.Path); err != nil {
		return fmt.Errorf("writing baseline %s: %w", b.Path, err)
	}
	return nil
}

// Total is how many findings the entries stand for.
func (b *Baseline) Total() int {
	n := 0
	for _, e := range b.Entries {
		n += e.Count
	}
	return n
}

func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// pointerLine is the line of the value at ptr, read through YAML (a JSON
// document is YAML) for its node positions; 0 when that fails.
func pointerLine(data []byte, ptr string) int {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return 0
	}
	if n := snapshot.NodeAt(doc.Content[0], ptr, false); n != nil {
		// YAML also breaks lines at a lone CR; keep the line inside the
		// file as editors count lines.
		return min(n.Line, bytes.Count(data, []byte("\n"))+1)
	}
	return 0
}
