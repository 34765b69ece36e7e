// Package e2e runs iflow's own end-to-end suite (plugin-src/scenarios/<variant>/)
// against each built variant in dist/, in the real Claude Code CLI with the
// harness's scripted model, and proves the suite catches breakage: copies of
// dist/iflow with an agent removed, a silent SessionStart hook, a Stop hook
// that always blocks, or a misspelt subagent_type each fail a named scenario
// at a named step.
//
// It holds tests only. `go test ./...` checks that every scenario loads
// (schema, variant, its "# Proves" comment); the runs themselves happen only
// when asked (PLUGFORGE_E2E=1, which `make e2e` sets): each scenario starts
// the CLI, so the suite takes minutes, not the seconds `go test ./...` is
// meant to take. Environment:
//
//   - E2E_PLUGIN: one plugin directory to test instead of every variant in
//     dist/; its plugin.json name picks the scenarios (scenarios/<name>/).
//   - CLAUDE: the CLI for the agent-sendmessage variants (`make e2e` passes
//     the copy `make tools` installs under .tools/claude; without it, claude
//     on PATH).
//   - CLAUDE_CLASSIC: the CLI for iflow-classic, which needs one that still
//     resumes with Task (2.1.76 or older; default .tools/claude-2.1.76,
//     installed by `make tools`). Without one, classic is skipped.
//   - E2E_MODES: the modes to run (print, interactive; comma-separated):
//     a scenario runs in those of its modes listed here.
//   - E2E_SCENARIOS: a directory of scenarios to run instead of the suite.
//   - E2E_JOBS: scenarios run at once (default 2).
//   - E2E_KEEP=1: keep every run's directory (HOME, project, recording).
//
// It does not decide what iflow should do: the scenarios say that, and the
// harness checks it.
package e2e
