package bounds

import (
	"runtime"
	"testing"
	"time"
)

// Check runs fn and fails t if it takes longer than limit or allocates more
// than maxAlloc bytes in total (a proxy for peak memory that cannot miss a
// short-lived spike).
func Check(t testing.TB, limit time.Duration, maxAlloc uint64, fn func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	fn()
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if took > limit {
		t.Errorf("took %v, limit %v", took, limit)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > maxAlloc {
		t.Errorf("allocated %d MB, limit %d MB", alloc>>20, maxAlloc>>20)
	}
}
