// Command cmd measures plugforge lint on a directory of plugin checkouts
// and prints the figures table (package corpus); `make corpus` runs it.
//
//	go run ./generator/lint/corpus/cmd -corpus DIR [-claude BIN] [-verdicts FILE] [-findings FILE]
//
// Lint runs in-process, from the source tree being measured: no binary to
// build first and no stale one to measure by mistake, one process for
// hundreds of plugins, structured findings rather than parsed text, and
// each plugin linted on its own with the plugins nested in it left out
// (plugforge lint on a marketplace directory would lint its members too).
package main
