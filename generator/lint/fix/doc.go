// Package fix turns the fixes that lint findings carry (lint.Fix) into
// changes on disk for `plugforge lint --fix`, or into a unified diff for
// --dry-run.
//
// A Plan collects, file by file, the fixes whose edits do not overlap
// (the first in finding order wins; the others wait for the next round,
// which sees the file as the first fix left it), in a deterministic order.
// Files of a variant plugforge built are never planned: their findings point at
// the plugin-src source, and the plan lists them as Skipped so the command
// can say so. Apply writes each file atomically (a temporary file in the
// same directory, renamed over it) and keeps its mode unless the fix sets
// one; it refuses a file that changed since it was linted. A dry run
// writes nothing: the session lints each round's result from memory
// (snapshot.Overlay), and DiffOver renders each file's change from before
// the first round to after the last.
package fix
