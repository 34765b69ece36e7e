package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/synth"
)

// TestSynthBuilds: a synthetic plugin-src renders and writes cleanly, every
// source file becoming at least one output file per variant.
func TestSynthBuilds(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, synth.PluginSrc("plugin-src", 300, 1))
	o := Options{Src: "plugin-src", Dist: "dist"}
	res, err := Build(o)
	require.NoError(t, err)
	require.Len(t, res.Variants, 2)
	for _, v := range res.Variants {
		n, _, err := synth.Size(v.Dir)
		require.NoError(t, err)
		// every source but plugin.yaml and hooks.yaml renders one file; they
		// render plugin.json and hooks.json; plus the provenance manifest.
		assert.Equal(t, 300+1, n, v.Dir)
	}
	drift, err := Check(o)
	require.NoError(t, err)
	assert.Empty(t, drift)
	_, err = os.Stat(filepath.Join(dir, "dist", "synth-classic", "commands"))
	require.NoError(t, err)
}

// BenchmarkBuildSynth measures MakePlan (load, parse, render both
// variants, hash for the manifest: everything `plugforge build` does
// before writing) over synthetic plugin-src trees of 200, 2,000 and 10,000
// files. files/s and MB/s count source files and bytes read; ns/file
// should stay flat as the tree grows.
func BenchmarkBuildSynth(b *testing.B) {
	for _, n := range []int{200, 2000, 10000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			src := filepath.Join(dir, "plugin-src")
			if err := synth.PluginSrc(src, n, 1); err != nil {
				b.Fatal(err)
			}
			files, size, err := synth.Size(src)
			if err != nil {
				b.Fatal(err)
			}
			b.Chdir(dir)
			o := Options{Src: "plugin-src", Dist: "dist"}
			for b.Loop() {
				if _, err := MakePlan(o); err != nil {
					b.Fatal(err)
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(files)*float64(b.N)/sec, "files/s")
			b.ReportMetric(float64(size)*float64(b.N)/sec/1e6, "MB/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(files), "ns/file")
		})
	}
}
