// Package corpus measures plugforge lint on a directory of public plugin
// repositories checked out side by side (issue 11, "a real corpus,
// measured"): it finds every plugin in them, lints each one, runs Claude
// Code's own validator on it, and tallies the figures a maintainer needs to
// trust lint as a CI gate: how many validator-passing plugins lint fails,
// per rule how many errors it reports, and, given a file of reviewed
// verdicts, how many of those errors are true and how many false.
//
// A plugin is a directory with .claude-plugin/plugin.json, or a local
// directory a marketplace.json lists (Claude Code loads those without a
// manifest). Marketplaces are measured as units of their own, on their
// marketplace.json alone, so a root that is both a plugin and a
// marketplace is not counted twice.
//
// Everything it prints is sorted and holds no absolute path, so two runs
// on the same checkouts print the same bytes.
package corpus
