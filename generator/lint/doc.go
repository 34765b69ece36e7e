// Package lint is plugforge's lint engine: the Rule and Finding types, the
// Pass through which a rule reports, and the runner that applies a rule set
// to loaded plugins in parallel and returns sorted, de-duplicated findings.
//
// A rule is a value (see Rule), modelled on go/analysis and staticcheck: it
// has a stable ID (family prefix + number, never reused), a kebab-case alias,
// a family, a default severity that follows what happens in Claude Code
// (Doc.Consequence says what), documentation as fields (Doc), the files it
// looks at (Kinds, and Scope: any file, files Claude Code loads, or files
// plugforge generated), the analyses it reads (Requires) and a Check
// function. An analysis (FileAnalysis,
// PluginAnalysis) computes a typed fact once per file or plugin for every
// rule that requires it. The rule set lives in generator/lint/rules and the
// analyses in generator/lint/facts; this package knows neither.
//
// Findings are ordered by path, line, column, rule ID, then message, and
// de-duplicated on all five. For files of a plugforge dist/ variant each
// finding carries the source that produced the file (see snapshot.Plugin.Sources).
//
// A rule that documents a mechanical fix (Doc.Fix) may attach one to a
// finding with Pass.ReportFix; the runner stamps it with the file's
// content, mode and provenance, and generator/lint/fix applies it.
//
// The engine applies a config.Config (rules on/off, severities, options,
// ignores); it reports an ignore that matched nothing as a finding of the
// rule the caller registers for that purpose. It also applies the inline
// suppression directives that generator/lint/suppress reads out of the
// files, and reports those that are malformed, name no rule or suppress
// nothing, again under rules the caller registers. RunAll returns the
// suppressed findings apart, each with its Suppression (inSource for a
// directive, external for an ignore), so that they never fail a run but
// the formats can still show them. Last it applies the Engine's baseline,
// if any (ApplyBaseline; the file is generator/lint/baseline), through the
// same partition: a finding the baseline records is suppressed as
// external, and the entries nothing matched are reported as stale. It does not read files
// itself (generator/lint/snapshot does) and does not format output
// (generator/lint/format does).
package lint
