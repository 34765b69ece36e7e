//go:build unix

package pipeline

import (
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/synth"
)

// tree is a directory's files: slash path → mode and bytes.
type tree map[string]string

func readTreeAt(t *testing.T, dir string) tree {
	t.Helper()
	out := tree{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = info.Mode().String() + "\n" + string(b)
		return nil
	})
	require.NoError(t, err)
	return out
}

func (tr tree) equal(o tree) bool {
	if len(tr) != len(o) {
		return false
	}
	for k, v := range tr {
		if o[k] != v {
			return false
		}
	}
	return true
}

// writeTree replaces dir with exactly the files of tr.
func writeTree(t *testing.T, dir string, tr tree) {
	t.Helper()
	require.NoError(t, os.RemoveAll(dir))
	for rel, v := range tr {
		mode, data, _ := strings.Cut(v, "\n")
		perm := os.FileMode(0o644)
		if strings.Contains(mode, "x") {
			perm = 0o755
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(data), perm))
		require.NoError(t, os.Chmod(p, perm))
	}
}

// TestKilledBuildLeavesOldOrNewTree SIGKILLs `plugforge build` at random
// moments of a build that changes every file of both variants, and after
// each kill checks that
//
//   - dist/ holds only the variant directories (no temp files in dist/),
//   - each dist/<variant> is byte-for-byte the complete old tree or the
//     complete new tree (variants are swapped one at a time, so the two
//     may differ),
//   - pipeline.Check (plugforge check) reports nothing for a new tree and
//     only stale files for an old one.
//
// Finally an unkilled build succeeds, leaves the new trees and removes the
// staging area. Kill delays come from a seeded RNG, spread uniformly over
// 1.25× the measured build time. -short runs 20 kills instead of 200.
func TestKilledBuildLeavesOldOrNewTree(t *testing.T) {
	runs := 200
	if testing.Short() {
		runs = 20
	}
	bin := plugforgeBin(t)
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, synth.PluginSrc("plugin-src", 24, 1))
	o := Options{Src: "plugin-src", Dist: "dist"}

	// The new trees: the same sources under another version and variant
	// names, which every rendered file mentions.
	manifest, err := os.ReadFile("plugin-src/plugin.yaml")
	require.NoError(t, err)
	next := strings.NewReplacer("version: \"1.0.0\"", "version: \"2.0.0\"",
		"name: synth\n", "name: synth-next\n", "name: synth-classic\n", "name: synth-classic-next\n").Replace(string(manifest))
	require.NotEqual(t, string(manifest), next)
	write(t, "plugin-src/plugin.yaml", next)
	_, err = Build(Options{Src: "plugin-src", Dist: "dist-new"})
	require.NoError(t, err)
	variants := []string{"synth", "synth-classic"}
	newTrees := map[string]tree{}
	for _, v := range variants {
		newTrees[v] = readTreeAt(t, filepath.Join("dist-new", v))
	}
	require.NoError(t, os.RemoveAll("dist-new"))

	// The old trees, built by the same code.
	write(t, "plugin-src/plugin.yaml", string(manifest))
	_, err = Build(o)
	require.NoError(t, err)
	oldTrees := map[string]tree{}
	differ := map[string]int{} // files whose bytes change, per variant
	for _, v := range variants {
		oldTrees[v] = readTreeAt(t, filepath.Join("dist", v))
		require.Equal(t, len(oldTrees[v]), len(newTrees[v]), "the change must not add or remove files")
		same := 0
		for p, b := range oldTrees[v] {
			if newTrees[v][p] == b {
				same++
			}
		}
		require.LessOrEqual(t, same, len(oldTrees[v])/5, "%s: the new build must differ in most files", v)
		differ[v] = len(oldTrees[v]) - same
	}
	write(t, "plugin-src/plugin.yaml", next)

	restore := func() {
		for _, v := range variants {
			if !readTreeAt(t, filepath.Join("dist", v)).equal(oldTrees[v]) {
				writeTree(t, filepath.Join("dist", v), oldTrees[v])
			}
		}
	}

	// Measure how long an unkilled old→new build takes: the fastest of
	// five after a warm-up, since a loaded machine only ever adds time.
	var took []time.Duration
	for i := 0; i < 6; i++ {
		restore()
		start := time.Now()
		r := runBin(t, dir, nil, "build", "-q")
		took = append(took, time.Since(start))
		require.Equal(t, 0, r.code, "build: %s", r.stderr)
	}
	took = took[1:]
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	span := took[0] * 5 / 4
	t.Logf("unkilled build takes %v to %v; kill delays span [0, %v]", took[0], took[len(took)-1], span)

	rng := rand.New(rand.NewSource(6))
	outcomes := map[string]int{}
	begin := time.Now()
	for run := 0; run < runs; run++ {
		restore()
		delay := time.Duration(rng.Int63n(int64(span)))
		cmd := exec.Command(bin, "build", "-q")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		require.NoError(t, cmd.Start())
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		killed := false
		select {
		case err := <-done:
			require.NoError(t, err, "run %d: build finished before the kill but failed", run)
		case <-time.After(delay):
			_ = cmd.Process.Kill()
			<-done
			killed = true
		}

		entries, err := os.ReadDir("dist")
		require.NoError(t, err)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		require.Equal(t, variants, names, "run %d (kill at %v): dist/ must hold only the variant directories", run, delay)
		state := ""
		newSet := map[string]bool{}
		for _, v := range variants {
			got := readTreeAt(t, filepath.Join("dist", v))
			switch {
			case got.equal(oldTrees[v]):
				state += v + "=old "
			case got.equal(newTrees[v]):
				state += v + "=new "
				newSet[v] = true
			default:
				t.Fatalf("run %d (kill at %v): dist/%s is neither the old nor the new tree", run, delay, v)
			}
		}
		if !killed {
			state += "(finished)"
		}
		outcomes[state]++

		drift, err := Check(o)
		require.NoError(t, err)
		perVariant := map[string]int{}
		for _, d := range drift {
			v, _, _ := strings.Cut(strings.TrimPrefix(d.Path, "dist/"), "/")
			perVariant[v]++
			require.False(t, newSet[v], "run %d: check reports %s for a complete new tree", run, d)
			require.Equal(t, outtree.Stale, d.Kind, "run %d: check on an old tree must report only stale files: %s", run, d)
		}
		for _, v := range variants {
			if !newSet[v] {
				require.Equal(t, differ[v], perVariant[v], "run %d: check must report every changed file of the old %s as stale", run, v)
			}
		}
	}
	t.Logf("%d kills in %v; outcomes: %v", runs, time.Since(begin).Round(time.Millisecond), outcomes)
	if runs >= 100 { // with -short's 20 kills, missing the window between swaps is plausible
		require.Greater(t, outcomes["synth=old synth-classic=old "], 0, "no kill landed before the first swap")
		require.Greater(t, outcomes["synth=new synth-classic=old "]+outcomes["synth=old synth-classic=new "], 0, "no kill landed between the two swaps")
	}

	// A build after all that succeeds, writes the new trees and cleans up.
	r := runBin(t, dir, nil, "build")
	require.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	for _, v := range variants {
		require.True(t, readTreeAt(t, filepath.Join("dist", v)).equal(newTrees[v]), "%s after the final build", v)
	}
	_, err = os.Stat(outtree.StagingFor("dist"))
	require.True(t, os.IsNotExist(err), "staging area left after a successful build")
	drift, err := Check(o)
	require.NoError(t, err)
	require.Empty(t, drift)
}
