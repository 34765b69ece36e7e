// Package startheap gives a short-lived process a larger heap goal while
// its heap is small, the way the Go compiler does for itself
// (cmd/compile's base.AdjustStartingHeap).
//
// Go starts with a 4 MB heap goal and then aims at twice the live heap. A
// lint run builds a snapshot that stays live until the process exits, so
// while that heap grows the collector runs again and again over data that
// is never garbage: on a real 179-file plugin (28 MB peak) that was about
// 15% of the CPU time. Raise(goal) lets the heap grow to goal before
// collecting, then hands back to the ordinary GOGC=100 pacing once the
// live heap makes a goal of that size moot, so a tree of any size costs
// at most goal bytes more than it would otherwise. A GOGC or GOMEMLIMIT
// set in the environment wins: Raise then does nothing.
//
// A goal is not free: every page of a heap that is never collected is a
// new page the kernel must fault in, and a whole process pays for those
// faults where an in-process benchmark, which reuses its heap, does not.
// Pick it by whole-process timings, not by a benchmark loop.
package startheap
