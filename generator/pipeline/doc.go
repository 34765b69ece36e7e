// Package pipeline is the project workflow behind `plugforge build`,
// `plugforge check` and TestDistUpToDate, one code path for all three:
// load plugin-src and render every selected variant in memory, once (the
// Plan); then either write it or compare it with what is on disk.
//
// Build writes each variant atomically after it passes the lint gate (no
// error-level finding, with the .plugforge.yaml that sits next to
// plugin-src and the baseline it names), then the marketplace listing every variant, then the
// workflow graph in the README beside dist/, all drawn from the one plan.
// Check reports every difference with the same three. Budgets plugin.yaml
// declares are enforced while planning. Nothing is written until every
// variant has rendered, so a bad source or template leaves dist/ exactly as
// it was.
//
// graph and stats read the Plan too, so nothing is rendered twice. The
// package does not parse flags or print; cmd/plugforge does. The one thing
// it writes besides files is the lint gate's report, to Options.Report.
// LintOutput lints one variant as the gate would, before it is written
// anywhere (plugforge import records its findings in a baseline).
package pipeline
