package facts

import (
	"encoding/json"
	"maps"
	"slices"
)

// Accessors for decoded JSON and YAML values (snapshot.File.JSON,
// snapshot.Value): each returns the zero value for anything of another type.

// Obj returns v as a JSON object, or nil.
func Obj(v any) map[string]any { m, _ := v.(map[string]any); return m }

// Arr returns v as a JSON array, or nil.
func Arr(v any) []any { a, _ := v.([]any); return a }

// Str returns v as a string.
func Str(v any) (string, bool) { s, ok := v.(string); return s, ok }

// Num returns v as a float.
func Num(v any) (float64, bool) {
	if n, ok := v.(json.Number); ok {
		f, err := n.Float64()
		return f, err == nil
	}
	f, ok := v.(float64)
	return f, ok
}

// SortedKeys lists a map's keys in order, for deterministic findings.
func SortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
