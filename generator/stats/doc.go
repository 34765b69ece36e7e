// Package stats measures a rendered plugin: its always-on context cost (the
// names and descriptions Claude Code lists at start-up), the stable prefix and
// dynamic suffix of every dispatch site's fresh prompt (document 001's R4),
// and how many hand-written lines the skeleton-rendered files come from.
//
// Token counts are estimates (one token per four characters, rounded up), the
// same order of figure `claude plugin details` prints; they are for budgets
// and comparisons, not billing. It reads plans; it never writes.
package stats
