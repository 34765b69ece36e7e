// Package crosscheck runs Claude Code's own validator, `claude plugin
// validate`, and reads its verdict, so plugforge can show where the two
// disagree (plugforge lint --cross-check, and the differential test of the
// rule corpus).
//
// It finds the binary through $PLUGFORGE_CLAUDE or PATH, runs it with the
// auto-updater and non-essential traffic disabled, and parses either its
// --json output (newer releases) or its text output (2.1.197 has no --json).
// It never runs anything from the plugin being validated.
package crosscheck
