// Package rules is plugforge's rule set: every lint rule, grouped by
// family, one file (or a few) per family, each holding an explicit slice of
// lint.Rule values. registry.go concatenates the slices in one place; there
// is no init-time registration.
//
// Adding a rule: append a lint.Rule to the family's slice with the next
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
