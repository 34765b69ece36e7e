// Package harness runs a Claude Code plugin inside the real Claude Code CLI
// with a scripted model in place of the Messages API, so behaviour is
// observed rather than inferred from strings.
//
// It has three parts:
//
//   - a stand-in for the Messages API (Server): net/http on a loopback
//     port, streaming (SSE) and non-streaming answers, tool calls and
//     count_tokens. Every request is recorded as an Exchange, with who asked
//     (the main thread, a subagent by its type, or an auxiliary request such
//     as a title) and what was answered;
//   - a scenario (Scenario, read from YAML and checked against
//     schemas/scenario.schema.json): the prompt, the scripted model's turns
//     per agent, and what must hold afterwards;
//   - a runner (Run) that gives each run its own HOME and a throw-away git
//     project, starts the CLI in print mode (`claude -p`, stream-json) or in
//     a pseudo-terminal (interactive), and checks the expectations against
//     the CLI's own output and the recorded requests.
//
// Smoke runs (Smoke) need no scenario: they load a plugin, report what the
// CLI listed, run every command once with a model that only ends its turn,
// spawn every agent once and fire the hooks the plugin registers. They do
// not invoke skills and give commands no arguments, so a skill's `!` lines
// and a command that needs its arguments are not judged by them.
//
// A Report (text, JUnit, or JSON described by
// schemas/test-report.schema.json) holds the results of either.
//
// What it does not do: it never talks to the real API or the network (the
// CLI is pointed at the loopback stand-in and told to skip non-essential
// traffic), never writes outside the temporary directories it makes, and
// never decides what a plugin should do — scenarios say that. It does run
// the plugin's own code (hooks, `!` commands) through the CLI: run it only
// on plugins you would install.
package harness
