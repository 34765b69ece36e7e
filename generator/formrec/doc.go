// Package formrec records how Claude Code returns a subagent's result: it
// runs small scenarios (scenarios/*.yaml, against the one-agent plugin in
// probe-plugin/) through the real CLI with generator/harness's scripted
// model, takes each tool result and <task-notification> the main thread was
// shown, normalises ids, paths and timings, and writes them as one
// Recording per CLI version (generator/model/testdata/recordings/VER.json).
//
// Each captured text is labelled here, by the probe that provoked it, with
// the protocol form it is, the call it answers and the branch a command must
// take; generator/model and generator/plugintest read the recordings and
// check the protocol and every rendered dispatch site against them. The
// README's "What works where" table is drawn from the recordings (Table).
//
// What it does not do: decide what the protocol says (generator/model
// does), run anything but the probe plugin, or reach the network. Recording
// runs the CLI: `go run ./generator/formrec/cmd -claude PATH` (or `make
// record-forms`); `-check` compares a fresh run with the checked-in file and
// prints the difference.
package formrec
