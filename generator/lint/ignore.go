package lint

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// matches reports whether the ignore covers f: its path glob and rules,
// and, when set, its line or the extent of the JSON value at its pointer.
// The line and pointer forms are how JSON files, which cannot carry a
// comment, get a suppression as precise as an inline one.
func (ig *ignore) matches(f Finding, files map[string]*snapshot.File) bool {
	if len(ig.rules) > 0 && !ig.rules[f.Rule] || !MatchPath(ig.Path, f.Path) {
		return false
	}
	switch {
	case ig.AtLine > 0:
		return f.Line == ig.AtLine
	case ig.Pointer != "":
		file := files[f.Path]
		if file == nil || f.Line <= 0 {
			return false
		}
		from, to, ok := pointerLines(file, ig.Pointer)
		return ok && from <= f.Line && f.Line <= to
	}
	return true
}

// where is how the unused-ignore message names the line or pointer.
func (ig *ignore) where() string {
	switch {
	case ig.AtLine > 0:
		return fmt.Sprintf(" at line %d", ig.AtLine)
	case ig.Pointer != "":
		return fmt.Sprintf(" at %q", ig.Pointer)
	}
	return ""
}

// pointerLines is the line range of the JSON value at ptr, from its key
// to its last byte; ok is false when the file is not valid JSON or has no
// such value.
func pointerLines(f *snapshot.File, ptr string) (from, to int, ok bool) {
	j := f.JSON()
	if j.Err != nil || !j.Has(ptr) {
		return 0, 0, false
	}
	start := j.Offset(ptr)
	return f.PosOf(j.KeyOffset(ptr)).Line, f.PosOf(valueEnd(f.Data, start)).Line, true
}

// valueEnd is the offset of the last byte of the JSON value starting at
// off, in a document encoding/json accepted: the decoder reads exactly one
// value and says where it stopped.
func valueEnd(data []byte, off int) int {
	dec := json.NewDecoder(bytes.NewReader(data[off:]))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return len(data) - 1
	}
	return off + int(dec.InputOffset()) - 1
}
