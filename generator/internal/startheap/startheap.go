package startheap

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

const heapGoal = "/gc/heap/goal:bytes"

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
	s := []metrics.Sample{{Name: heapGoal}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[0].Value.Uint64() == 0 {
		return
	}
	gogc := 100 * goal / s[0].Value.Uint64()
	if gogc <= 150 {
		return
	}
	debug.SetGCPercent(int(gogc))
	afterEachGC(func() bool {
		metrics.Read(s)
		cur := debug.SetGCPercent(100)
		// after a collection the goal is live × (1 + GOGC/100)
		live := 100 * s[0].Value.Uint64() / uint64(100+max(cur, 0))
		if live == 0 || 100*goal/live <= 200 {
			return false // a goal of twice the live heap is past goal: stay at 100
		}
		debug.SetGCPercent(int(100*goal/live - 100))
		return true
	})
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
