package facts

import (
	"fmt"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/synth"
)

// BenchmarkToldToRead times the two plugin-wide analyses most of a
// lint's rules wait for, snapshot.Plugin.Loaded and then ToldToRead, on
// synth.Workflow (223 files, shaped like upstream iflow), with one and
// with two processors. Both follow the files a round at a time and parse
// and scan each round's files in parallel, so procs=2 should take less
// wall time than procs=1 for the same CPU (cpu-ms/op). Each iteration
// loads the plugin afresh (outside the timer), since a file keeps its
// markdown parse.
// Run: go test ./generator/lint/facts -run '^$' -bench ToldToRead
func BenchmarkToldToRead(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "plugin")
	if err := synth.Workflow(dir, 1); err != nil {
		b.Fatal(err)
	}
	for _, procs := range []int{1, 2} {
		b.Run(fmt.Sprintf("procs=%d", procs), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			var n int
			var cpu int64
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				p, err := snapshot.Load(dir, "plugin", snapshot.Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				c0 := cpuNanos()
				p.Loaded(nil)
				n = len(toldToRead(p))
				cpu += cpuNanos() - c0
			}
			b.ReportMetric(float64(n), "files-read")
			b.ReportMetric(float64(cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuNanos is the process's user plus system CPU time.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
