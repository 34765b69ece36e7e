package startheap

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

var sink [][]byte

// Raise lifts GOGC while the heap is small and hands back to GOGC=100 once
// the live heap is past half the goal. (One test: Raise acts once per
// process.)
func TestRaiseThenHandBack(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	const goal = 32 << 20
	Raise(goal)
	if got := debug.SetGCPercent(-1); got <= 150 {
		t.Fatalf("GOGC = %d after Raise(32 MB); want it raised", got)
	} else {
		debug.SetGCPercent(got)
	}
	// keep 24 MB live, more than half the goal, and let collections run
	for range 24 {
		sink = append(sink, make([]byte, 1<<20))
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the finalizer runs after the GC
		got := debug.SetGCPercent(-1)
		debug.SetGCPercent(got)
		if got == 100 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("GOGC still %d with 24 MB live; want 100", got)
		}
	}
	sink = nil
}

func TestEnvironmentWins(t *testing.T) {
	t.Setenv("GOGC", "50")
	before := debug.SetGCPercent(-1)
	debug.SetGCPercent(before)
	raise(64 << 20)
	after := debug.SetGCPercent(-1)
	debug.SetGCPercent(after)
	if after != before {
		t.Errorf("GOGC moved from %d to %d with GOGC set in the environment", before, after)
	}
}
