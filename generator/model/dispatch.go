package model

// DispatchKind says which dispatch a site is. generator/render records the
// kind of every dispatch it renders, generator/provenance writes it into
// the variant's manifest, and the linter reads it from there.
type DispatchKind string

const (
	Fresh      DispatchKind = "fresh"      // a new subagent (I1-R4, I7)
	Continued  DispatchKind = "continued"  // a stored subagent continued with a delta (I2, I7 continued)
	Final      DispatchKind = "final"      // a reviewer continued for final validation (I2-FV)
	Fallback   DispatchKind = "fallback"   // the fresh fallback when continuing fails (I3)
	Compaction DispatchKind = "compaction" // the fallback when the agent id was lost to compaction
)

// The layout of a fresh dispatch prompt (document 001, R4): every section
// that is the same on every iteration comes before every section that
// changes, so iterations share the longest cacheable prefix. The render
// splits recorded prompts at the first dynamic heading for the stats, and
// the linter checks other plugins' prompts against the same two lists.
var (
	// StaticHeadings are "## " sections that never change between iterations.
	StaticHeadings = []string{"Required Artifacts", "Next Phase Expectations"}
	// DynamicHeadings are "## " sections that change every iteration,
	// besides a site's own per-iteration sections (Site.Dynamic).
	DynamicHeadings = []string{"Iteration Context", "Domain Reviewer Outcome"}
)
