// Package importer turns a hand-written Claude Code plugin directory into a
// plugin-src/ that plugforge builds back to the same plugin: every file,
// byte for byte, apart from one generated-file marker line per file that
// has comments (none at all with Options.Markers "manifest"), plus the
// provenance manifest every build writes.
//
// plugin.json becomes plugin.yaml: the fields plugforge types at the top,
// the rest kept as written under plugin_json.extra with a warning, and the
// key order and layout under plugin_json. Commands, agents and skills stay
// components, the files beside them stay beside them, hook scripts go to
// hooks/ (and hooks.json becomes a typed hooks.yaml when that reproduces
// it), and every other file goes to files/. Text becomes whole-file
// templates (output.exact) with literal "{{" escaped and the plugin's
// references to its own components ("/<plugin>:<command>",
// "<plugin>:<skill>", an agent's subagent_type) turned into .Cmd, .Skill
// and .Agent calls; what no template can hold (binary files, CRLF text, a
// byte-order mark) is copied from raw/.
//
// Import proves the round trip before anything is written: it builds the
// result in memory through generator/pipeline and compares every output
// with its input. It refuses symbolic links, special files and names with
// control characters with a "path: message" error.
//
// Report lists the repeated passages of a plugin's markdown, the
// candidates for one template: passages (blank-line separated blocks, a
// fenced block counting as one) that share at least half of their content
// lines once names, placeholders, quoted strings, file names and numbers
// are set aside, grouped, biggest saving first, each copy as path:line.
//
// ImportTo also records the findings the plugin ships with, linted as the
// build's gate will lint its build, in a baseline beside plugin-src
// (baseline.go), so that `plugforge build` reproduces a plugin with
// existing defects and still refuses new ones.
//
// It does not design templates for the maintainer, merge repeated blocks,
// or read plugins from a marketplace; it reads one plugin directory.
package importer
