// Package snapshot is the linter's read-only, position-aware snapshot of a
// Claude Code plugin (or marketplace) directory.
//
// Load walks a directory without following symlinks, reads every regular file
// up to a size limit, and classifies each file by what Claude Code would make
// of it (command, agent, skill, hooks file, manifest, …), honouring the
// component paths a plugin.json declares. Parsed views are built lazily and
// at most once per file, so rules running in parallel share them:
//
//   - File.Frontmatter: the YAML block split the way Claude Code splits it,
//     as a yaml.Node tree with file line numbers, plus the verdict of a
//     Claude Code-style repair retry;
//   - File.Markdown: headings and code fences and blocks from a goldmark
//     parse of the blocks alone; links and code spans from a full parse, on
//     first use and only in a file that can hold them;
//   - File.JSON: the decoded value and a JSON-pointer → offset map.
//
// For a variant plugforge built it also reads .plugforge-manifest.json
// (Plugin.Provenance, through generator/provenance): the source of each
// file, the dialect and the dispatch sites the build recorded. File.Cached
// and Plugin.Cached hold what generator/lint's analyses compute from it.
//
// It also knows which files matter to Claude Code: Plugin.Loaded (the
// files Claude Code loads, reads or runs, followed from components through
// what they name) and Plugin.Generated (the files plugforge build wrote),
// which rules use through their Scope; and Plugin.Components names every
// command, agent, skill and workflow the way Claude Code's loader does.
//
// Every position it hands out is inside the file. Nothing in this package
// executes plugin code, follows a symlink, or writes to disk; YAML is decoded
// with node and depth budgets so alias bombs and deep nesting stay bounded.
//
// It does not judge anything: rules live in generator/lint/rules and report
// through generator/lint.
package snapshot
