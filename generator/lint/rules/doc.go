// Package rules is plugforge's rule set. A rule is declared one way: a
// lint.Rule value with its documentation as a lint.Doc, in the slice of a
// rule file named <family>_<theme>.go (hooks_matchers.go, dispatch_lazy.go),
// which holds the rules of one theme and the helpers only they use.
// registry.go puts the slices together in one place; there is no
// init-time registration. What several rules need to know about a file —
// its dispatch blocks, shell parse, hooks — comes from the analyses in
// generator/lint/facts, which each rule lists in Requires.
//
// Adding a rule: `go run ./generator/lint/addrule FAMILY ALIAS` gives it the
// family's next unused ID (IDs are never reused; deleted ones are listed in
// Retired), appends a stub to a theme file and writes testdata/<ID>/fires
// and testdata/<ID>/ok, the trees it must and must not report on, with the
// expected findings marked inline (see fixture_test.go). Write the stub's
// Doc and Check, then run `go test ./generator/lint/rules -run TestRulesDoc
// -update` to regenerate docs/rules.md.
//
// Rules only read the plugin snapshot (generator/lint/snapshot); they never
// execute plugin code. Shell scripts and hook commands are parsed with
// mvdan.cc/sh, never run.
package rules
