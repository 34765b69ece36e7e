package startheap

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

var once sync.Once

// Raise sets GOGC so that the heap goal is about goal bytes, and after
// every collection resets it to keep the goal there, until the live heap
// is half of goal: from then on GOGC is 100. Only the first call counts.
func Raise(goal uint64) {
	once.Do(func() { raise(goal) })
}

func raise(goal uint64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	g := heapGoal()
	if g == 0 {
		return
	}
	gogc := 100 * goal / g
	if gogc <= 150 {
		return
	}
	debug.SetGCPercent(int(gogc))
	afterEachGC(func() bool {
		g := heapGoal()
		cur := debug.SetGCPercent(100)
		// after a collection the goal is live × (1 + GOGC/100)
		live := 100 * g / uint64(100+max(cur, 0))
		if live == 0 || 100*goal/live <= 200 {
			return false // a goal of twice the live heap is past goal: stay at 100
		}
		debug.SetGCPercent(int(100*goal/live - 100))
		return true
	})
}

// heapGoal is the heap size at which the next collection starts: the
// runtime's MemStats.NextGC, the same figure runtime/metrics gives as
// /gc/heap/goal:bytes. Not from runtime/metrics: importing that package
// builds its table of every metric in an init that every plugforge
// process ran (95 allocations, about 1% of `plugforge --version`'s CPU),
// where ReadMemStats's stop of the world costs microseconds, a few times
// a lint.
func heapGoal() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.NextGC
}

// afterEachGC calls fn after each collection (from a finalizer, so some
// time after the mark phase ends) for as long as fn returns true.
func afterEachGC(fn func() bool) {
	type sentinel [16]byte // big enough to stay out of the tiny allocator
	var again func(*sentinel)
	again = func(p *sentinel) {
		if fn() {
			runtime.SetFinalizer(p, again)
		}
	}
	runtime.SetFinalizer(new(sentinel), again)
}
