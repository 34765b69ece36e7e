// Package outtree writes rendered variants into dist/ and compares them with
// what is there. Each variant directory carries .plugforge-manifest.json
// (generator/provenance), recording for every file its sources with their
// sha256 and the sha256 of the output, so a difference can be classified as
// hand-edited, stale, missing or orphaned.
//
// Writes are atomic per variant: the new tree is assembled in a staging
// directory beside dist/ (unchanged files are hard-linked, not rewritten)
// and swapped in with one rename. It does not render anything or decide
// what the manifest says; see generator/render and generator/pipeline.
package outtree
