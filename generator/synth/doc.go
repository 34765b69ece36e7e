// Package synth writes synthetic Claude Code plugins and plugin-src trees of
// a given size for benchmarks and scale tests; it is not used by the build.
//
// Every tree is a pure function of its arguments (the seed drives a
// math/rand source), so a benchmark or a failing scale test can be
// reproduced exactly. Sizes follow the real plugin: markdown bodies are
// 2–20 KB (log-uniform, so most are small), skill reference files 1–10 KB,
// hook scripts 1–3 KB. Of the files that are not fixed (manifest, hooks
// file, README, LICENSE), about 1% (at most 30) are hook scripts and the
// rest are split 20/20/20/40 between commands, agents, skills and skill
// reference files. Bodies cite other components, so references resolve.
// Size counts what was written.
//
//   - PluginSrc writes a plugin-src tree that `plugforge build` renders
//     without error (bodies are templates that reference other components).
//   - Plugin writes a rendered plugin as a third party would ship it.
//   - Marketplace writes a marketplace.json listing that many such plugins.
//   - Shaped writes a plugin with the file sizes and fence counts of one
//     real 179-file plugin (recorded as numbers in shape.go), for the lint
//     benchmark behind the README's whole-process figures.
//   - Workflow writes a plugin with the file count, kinds and sizes of a
//     second real plugin, a 223-file workflow plugin with a Python hook
//     library and a 640 kB lock file (shape_workflow.go), for the lint
//     throughput benchmark.
//
// Plugin, Marketplace, Shaped and Workflow output lints clean (no findings at any severity).
package synth
