// Package baseline is the lint baseline file: the findings a plugin is
// known to have, so that a later lint reports only new ones. It reads and
// writes the file (schemas/lint-baseline.schema.json), computes the key
// that identifies a finding, and matches findings against the entries.
//
// A key is the plugin's name, the file's path inside the plugin, the rule,
// the message with every number outside quotes written as N, and a hash of
// the flagged line's text. It holds no line number, so a finding keeps its
// key when lines are inserted or removed above it; a changed subject (the
// quoted name in the message) or an edited line makes a new key. Entries
// carry a count: two identical findings in one file need a count of 2.
//
// The file is JSON, sorted and indented, one entry per key, so a diff shows
// which findings were added or fixed.
//
// It does not lint, and it does not know the Finding type: generator/lint
// applies a baseline to a run's findings (baseline.go there).
package baseline
