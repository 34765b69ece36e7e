// Package witness holds the witnesses that need more than the CLI's
// listing (lint.Witness.Run): a model turn, an MCP start, or the
// validator. For each such rule: a small plugin in our own words with the
// defect the rule reports (or the rule's own fixture), a scenario that
// makes Claude Code meet the defect, the text that shows the failure, and
// a recording of that text with the release that printed it. Witnesses
// the listing alone shows live with the rules
// (generator/lint/rules/testdata/_witness, generator/cliview).
//
// The tests lint each fixture (the rule must fire on it) and, where the
// CLI is installed, run it through generator/harness and compare what the
// CLI printed with the recording; `go test ./generator/lint/witness
// -update` records anew. The rule's Doc.Witness (generator/lint/rules'
// witnesses table) names the directory; docs/rules.md prints it.
//
// What it does not do: decide severities. A rule whose error no run can
// show has no witness here, and docs/rules.md says so.
package witness
