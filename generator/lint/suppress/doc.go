// Package suppress reads plugforge's inline suppression directives out of
// a file: comments that say "do not report rule X here, because Y".
//
//	<!-- plugforge-disable-next-line XR006 the example names a made-up agent -->
//	<!-- plugforge-disable-line CT006 teaches Jinja syntax -->       (end of a line)
//	<!-- plugforge-disable-file content-template-unrendered Helm chart reference -->
//	<!-- plugforge-disable SE002,SE003 sample credentials below -->
//	…
//	<!-- plugforge-enable SE002,SE003 -->
//	# plugforge-disable-next-line SE002 the command is built from constants above
//
// Markdown files take HTML comments in the body (not inside code: a
// directive shown in a fence or a code span is an example) and "#" comments
// inside the YAML frontmatter. JSON files cannot carry comments; their
// suppressions live in .plugforge.yaml (see generator/lint/config). Other
// text files (shell, Python, YAML, TOML) take "#" comments, and JavaScript
// and TypeScript "//" comments.
//
// Rules are named by ID or alias, comma-separated. The reason, the rest of
// the comment, is required: a directive without one is malformed, and a
// malformed directive suppresses nothing. This package only parses; which
// names are rules, and which findings a directive covers, is decided by
// generator/lint, which knows the rule set.
package suppress
