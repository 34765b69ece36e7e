// Package parallel runs independent pieces of work on every core: the
// snapshot's file reads and the plugin-wide analyses that need a per-file
// result of every file. It does not stream or collect results (the lint
// engine's job queue does that for rule jobs); callers write into slots of
// their own.
package parallel
