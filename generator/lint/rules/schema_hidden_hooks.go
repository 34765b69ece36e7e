package rules

import (
	"maps"
	"slices"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// hiddenHooksRule reports a key of plugin.json that the manifest does not
// define and that holds what 2.1.330 takes for hooks it cannot load.
// Other unknown keys are ignored (unknown-key); these fail the manifest.
func hiddenHooksRule() lint.Rule {
	return lint.Rule{
		ID: "SC013", Alias: "manifest-hidden-hooks", Family: famSchema, Severity: lint.Error,
		Kinds:    kinds(snapshot.KindManifest),
		Requires: []lint.Analyzer{facts.SchemaIssues},
		Title:    "plugin.json key the manifest does not define, holding hooks Claude Code refuses",
		Doc: lint.Doc{Why: `Claude Code ignores most keys plugin.json does not define, but not one that may hide
hooks. When such a key holds, at any depth, a "hooks" entry that is a non-empty list or
object, or a PreToolUse or PermissionRequest entry that is not empty, 2.1.330 refuses the
whole manifest ("PreToolUse/PermissionRequest hooks are declared at the top level outside
"hooks" (or under an unrecognized key)"): a permission hook it cannot load might be what
guards the plugin. A PreToolUse or PermissionRequest key at the top level is refused too.
Seen on a public plugin whose plugin.json lists its parts under "components":
{"hooks": ["task-lifecycle"], ...}. Ignored, and left to unknown-key: a "hooks" that is a
string, a number, null or empty, another event (PostToolUse), "Hooks".`,
			Bad:         `{"name": "sales", "components": {"hooks": ["task-lifecycle"]}}`,
			Good:        `{"name": "sales"}`,
			Checked:     "2.1.330",
			Consequence: "The manifest is refused: nothing of the plugin loads."},
		Check: func(pass *lint.Pass) {
			f := pass.File
			top, _ := f.JSON().Value.(map[string]any)
			for _, k := range unknownTopKeys(pass, f) {
				ptr := snapshot.Pointer("", k)
				if at, ok := hiddenHooks(k, top[k], ptr, true); ok {
					pass.Reportf(keyLoc(f, ptr), `remove the key, or move real hooks under "hooks"`,
						"plugin.json's key %q is not one the manifest defines and holds hooks at %s: Claude Code refuses the manifest", k, where(at))
				}
			}
		},
	}
}

// unknownTopKeys are the top-level keys of a JSON file its schema does not
// define.
func unknownTopKeys(pass *lint.Pass, f *snapshot.File) []string {
	var out []string
	for _, is := range facts.SchemaIssues.Of(pass, f) {
		if is.Keyword == "additionalProperties" && is.Pointer == "" {
			out = append(out, is.Keys...)
		}
	}
	return out
}

// hiddenHooks reports whether v, the value of key k at ptr (top: a key of
// plugin.json itself), holds what 2.1.330 refuses under an unknown key,
// and where. Each shape is a recorded probe (docs/real-plugins.md, "Names
// the CLI registers, on every set"): "hooks" refused as a non-empty list
// or object, ignored as a string, number, null or empty; PreToolUse and
// PermissionRequest refused as a non-empty list or string, ignored empty;
// other events ignored. Only witnessed shapes count.
func hiddenHooks(k string, v any, ptr string, top bool) (string, bool) {
	switch k {
	case "hooks":
		if !top && nonEmpty(v, false) {
			return ptr, true
		}
	case "PreToolUse", "PermissionRequest":
		if nonEmpty(v, true) {
			return ptr, true
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for _, kk := range slices.Sorted(maps.Keys(x)) {
			if at, ok := hiddenHooks(kk, x[kk], snapshot.Pointer(ptr, kk), false); ok {
				return at, true
			}
		}
	case []any:
		for i, e := range x {
			if at, ok := hiddenHooks("", e, snapshot.Pointer(ptr, itoa(i)), false); ok {
				return at, true
			}
		}
	}
	return "", false
}

// nonEmpty: a list or object with an entry, or, when text counts, a
// non-empty string.
func nonEmpty(v any, text bool) bool {
	switch x := v.(type) {
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0 && !text
	case string:
		return text && x != ""
	}
	return false
}

// refusedKey reports whether plugin.json's unknown top-level key k is one
// manifest-hidden-hooks reports.
func refusedKey(f *snapshot.File, k string) bool {
	top, _ := f.JSON().Value.(map[string]any)
	_, ok := hiddenHooks(k, top[k], snapshot.Pointer("", k), true)
	return ok
}
