package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/synth"
)

// BenchmarkLint lints synthetic plugins (generator/synth) of 200, 2,000 and
// 20,000 files: reading the tree and running every default rule, on all
// cores. It reports files/s and MB/s; ns/file should stay flat as the tree
// grows. Run: go test ./generator/lint/rules -run '^$' -bench Lint -benchtime 5x
func BenchmarkLint(b *testing.B) {
	for _, n := range []int{200, 2000, 20000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			if n > 2000 && testing.Short() {
				b.Skip("-short")
			}
			dir := filepath.Join(b.TempDir(), "plugin")
			if err := synth.Plugin(dir, n, 1); err != nil {
				b.Fatal(err)
			}
			files, size, err := synth.Size(dir)
			if err != nil {
				b.Fatal(err)
			}
			eng, err := lint.New(All(), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				logFirst(b, i, lintDir(b, eng, dir))
			}
			// CPU time is reported too: on a shared machine wall time
			// measures the neighbours as much as the linter.
			b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(files)/sec, "files/s")
			b.ReportMetric(float64(size)/1e6/sec, "MB/s")
			b.ReportMetric(sec*1e9/float64(files), "ns/file")
		})
	}
}

// BenchmarkLintShaped lints synth.Shaped: a plugin with the file sizes
// and fence counts of a real 179-file plugin (1.1 MB of markdown), the
// shape behind the whole-process figures in README.md. Like a process it
// reads the tree and builds the engine every time.
// Run: go test ./generator/lint/rules -run '^$' -bench LintShaped -benchtime 20x
func BenchmarkLintShaped(b *testing.B) {
	files, size, cpu := benchProcessLints(b, synth.Shaped)
	b.ReportMetric(cpu*1e3, "cpu-ms/op")
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(files)/sec, "files/s")
	b.ReportMetric(float64(size)/1e6/sec, "MB/s")
}

// BenchmarkLintWorkflow lints synth.Workflow: a plugin with the file
// count, kinds and sizes of a real 223-file workflow plugin (28 commands,
// 28 agents, 29 skills, hook scripts with a Python library, a 640 kB lock
// file; 2.8 MB), the shape of issue 20's measurements. Like a process it
// reads the tree and builds the engine every time. MB/s is plugin text
// per second of wall time (b.SetBytes); MB/s/core the same per second of
// CPU time, which a shared machine disturbs less.
// Run: go test ./generator/lint/rules -run '^$' -bench LintWorkflow -benchtime 20x
func BenchmarkLintWorkflow(b *testing.B) {
	_, size, cpu := benchProcessLints(b, synth.Workflow)
	b.ReportMetric(cpu*1e3, "cpu-ms/op")
	b.ReportMetric(float64(size)/1e6/cpu, "MB/s/core")
}

// BenchmarkLintDir lints the plugin at $PLUGFORGE_BENCH_DIR (skipped when
// unset) as a process would, reading the tree and building the engine each
// time: for profiling a real plugin, which the repository cannot hold
// (go test -cpuprofile, -memprofile). It reports CPU milliseconds per lint
// and plugin text per CPU-second.
// Run: PLUGFORGE_BENCH_DIR=/path/to/plugin go test ./generator/lint/rules -run '^$' -bench LintDir -benchtime 20x
func BenchmarkLintDir(b *testing.B) {
	dir := os.Getenv("PLUGFORGE_BENCH_DIR")
	if dir == "" {
		b.Skip("PLUGFORGE_BENCH_DIR not set")
	}
	_, size, cpu := lintLoop(b, dir)
	b.ReportMetric(cpu*1e3, "cpu-ms/op")
	b.ReportMetric(float64(size)/1e6/cpu, "MB/s/core")
}

// benchProcessLints writes a plugin with write (seed 1) and lints it b.N
// times as a process would, reading the tree and building the engine each
// time; it sets the bytes per op and returns the plugin's file count and
// size and the CPU seconds per lint.
func benchProcessLints(b *testing.B, write func(dir string, seed int64) error) (files int, size int64, cpu float64) {
	dir := filepath.Join(b.TempDir(), "plugin")
	if err := write(dir, 1); err != nil {
		b.Fatal(err)
	}
	return lintLoop(b, dir)
}

// lintLoop lints the plugin at dir b.N times as a process would, reading
// the tree and building the engine each time; it sets the bytes per op and
// returns the plugin's file count and size and the CPU seconds per lint.
func lintLoop(b *testing.B, dir string) (files int, size int64, cpu float64) {
	files, size, err := synth.Size(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(size)
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		eng, err := lint.New(All(), nil)
		if err != nil {
			b.Fatal(err)
		}
		logFirst(b, i, lintDir(b, eng, dir))
	}
	return files, size, float64(cpuTime()-cpu0) / 1e9 / float64(b.N)
}

// cpuTime is the process's user plus system CPU time, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// lintDir reads the plugin at dir and lints it with eng.
func lintDir(tb testing.TB, eng *lint.Engine, dir string) []lint.Finding {
	units, err := snapshot.Resolve(dir, "plugin", snapshot.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return eng.Run(units)
}

// logFirst logs the first run's findings, which a clean plugin has none of.
func logFirst(b *testing.B, i int, fs []lint.Finding) {
	if len(fs) > 0 && i == 0 {
		b.Logf("%d findings, first: %s:%d %s %s", len(fs), fs[0].Path, fs[0].Line, fs[0].Rule, fs[0].Message)
	}
}

// lintsClean writes a plugin with write and fails on any finding.
func lintsClean(t *testing.T, write func(dir string) error) {
	dir := filepath.Join(t.TempDir(), "plugin")
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	eng, _ := lint.New(All(), nil)
	for _, f := range lintDir(t, eng, dir) {
		t.Errorf("%s:%d:%d: %s (%s)", f.Path, f.Line, f.Column, f.Message, f.Rule)
	}
}

// TestSynthPluginLintsClean holds generator/synth to its promise that a
// synthetic plugin has no findings, so the benchmark measures a clean run.
func TestSynthPluginLintsClean(t *testing.T) {
	lintsClean(t, func(dir string) error { return synth.Plugin(dir, 200, 1) })
}

// TestWorkflowPluginLintsClean: the same for the workflow-shaped plugin.
func TestWorkflowPluginLintsClean(t *testing.T) {
	lintsClean(t, func(dir string) error { return synth.Workflow(dir, 1) })
}

// TestShapedPluginLintsClean: the same for the real-shaped plugin.
func TestShapedPluginLintsClean(t *testing.T) {
	lintsClean(t, func(dir string) error { return synth.Shaped(dir, 1) })
}
