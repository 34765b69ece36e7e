// Package witness holds the runs that show why a lint rule is an error:
// for each such rule, a small plugin in our own words with the defect the
// rule reports, a scenario that makes Claude Code meet the defect, the
// text that shows the failure, and a recording of that text with the
// release that printed it.
//
// The tests lint each fixture (the rule must fire on it) and, where the
// CLI is installed, run it through generator/harness and compare what the
// CLI printed with the recording; `go test ./generator/lint/witness
// -update` records anew. docs/rules.md quotes each rule's witness.
//
// What it does not do: decide severities. A rule whose error no run can
// show has no witness here, and docs/rules.md says so.
package witness
