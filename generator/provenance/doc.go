// Package provenance is the one definition of .plugforge-manifest.json, the
// record plugforge build leaves at the root of every variant directory:
// for each output file its sha256, mode and the sources (with their
// sha256) that produced it and the subagent dispatches rendered into it
// (role, kind and line), and the dispatch dialect the variant was rendered
// in. schemas/provenance.schema.json describes the same format.
//
// Encode writes it deterministically; Decode reads it strictly and checks
// what the schema requires, so the writer (generator/pipeline) and the
// readers (outtree's drift classification, the linter's snapshot) share one
// definition. Tests hold Encode's output and Decode's verdicts to the schema.
//
// It does not render, write files or decide anything about them.
package provenance
