// Package pipeline is the one code path behind `plugforge build`,
// `plugforge check` and TestDistUpToDate: load plugin-src, render every
// selected variant in memory, then either write dist/ or compare with it.
// Nothing is written until every variant has rendered, so a bad source or
// template leaves dist/ exactly as it was.
//
// It does not parse flags or print; cmd/plugforge does.
package pipeline
