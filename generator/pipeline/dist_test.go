package pipeline

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/rules"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// repoRoot chdirs to the repository root, where plugin-src/ and dist/ live,
// so source paths are recorded exactly as `plugforge build` records them.
func repoRoot(tb testing.TB) Options {
	tb.Helper()
	rootOnce.Do(func() { root, rootErr = filepath.Abs("../..") })
	if rootErr != nil {
		tb.Fatal(rootErr)
	}
	tb.Chdir(root)
	return Options{Src: "plugin-src", Dist: "dist"}
}

var (
	rootOnce sync.Once
	root     string
	rootErr  error
)

// TestDistUpToDate is the largest golden test: the committed dist/ must be
// exactly what plugin-src renders to. It runs the code behind `plugforge check`.
func TestDistUpToDate(t *testing.T) {
	drift, err := Check(repoRoot(t))
	require.NoError(t, err)
	for _, d := range drift {
		t.Errorf("%s", d)
	}
	if len(drift) > 0 {
		t.Log("dist/ is out of date: run `make plugin` and commit dist/ with its sources")
	}
}

// BenchmarkBuild measures load + render of every variant of the real
// plugin (the in-memory half of `plugforge build`; writing is a no-op when
// dist/ is current and is measured by BenchmarkCheck's comparison).
func BenchmarkBuild(b *testing.B) {
	o := repoRoot(b)
	for b.Loop() {
		if _, err := MakePlan(o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck measures a full `plugforge check` of the real plugin.
func BenchmarkCheck(b *testing.B) {
	o := repoRoot(b)
	for b.Loop() {
		if _, err := Check(o); err != nil {
			b.Fatal(err)
		}
	}
}

// TestClassicUnderTheCurrentName: the classic variant built under the
// current variant's plugin name passes the lint gate and lints clean at
// every severity, because the dispatch rules read its dialect from the
// manifest the build wrote, not from a list of plugin names.
func TestClassicUnderTheCurrentName(t *testing.T) {
	o := repoRoot(t)
	o.Variant, o.Name, o.Out = "iflow-classic", "iflow", filepath.Join(t.TempDir(), "iflow")
	var report strings.Builder
	o.Report = &report
	_, err := Build(o)
	require.NoError(t, err, report.String())
	units, err := snapshot.Resolve(o.Out, "iflow", snapshot.Options{})
	require.NoError(t, err)
	cfg, err := config.Discover("", ".")
	require.NoError(t, err)
	eng, err := lint.New(rules.All(), cfg)
	require.NoError(t, err)
	for _, f := range eng.Run(units) {
		t.Errorf("%s:%d:%d: %s: %s (%s)", f.Path, f.Line, f.Column, f.Severity, f.Message, f.Rule)
	}
}
