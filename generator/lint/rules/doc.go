// Package rules is plugforge's rule set. A rule is declared one way: a
// lint.Rule value with its documentation as a lint.Doc, in the slice of a
// rule file named <family>_<theme>.go (hooks_matchers.go, dispatch_lazy.go),
// which holds the rules of one theme and the helpers only they use.
// registry.go puts the slices together in one place; there is no
// init-time registration. What several rules need to know about a file —
// its dispatch blocks, shell parse, hooks — comes from the analyses in
// generator/lint/facts, which each rule lists in Requires.
//
// Adding a rule: append a lint.Rule to the theme's slice with the next
// unused ID of the family (IDs are never reused, even for deleted rules),
// write its Check, and add testdata/<ID>/fires and testdata/<ID>/ok plugin
// trees whose expected findings are marked inline (see fixture_test.go).
// Then run `go test ./generator/lint/rules -run TestRulesDoc -update` to
// regenerate docs/rules.md.
//
// Rules only read the plugin snapshot (generator/lint/snapshot); they never
// execute plugin code. Shell scripts and hook commands are parsed with
// mvdan.cc/sh, never run.
package rules
