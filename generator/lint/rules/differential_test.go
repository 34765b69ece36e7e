package rules

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/crosscheck"
)

// TestDifferential runs Claude Code's own validator (`claude plugin
// validate`, found through $PLUGFORGE_CLAUDE or PATH) over every fixture and
// checks the parity floor: wherever it reports an error, plugforge reports an
// error on the same file. It covers testdata/_parity/ and the "fires"
// fixtures of the families the validator also checks; set
// PLUGFORGE_DIFFERENTIAL=all for every fixture. It is skipped when the
// binary is absent and with -short: it starts one validator process (about
// 0.7 s) per tree, so give it time:
//
//	PLUGFORGE_CLAUDE=/path/to/claude go test ./generator/lint/rules -run TestDifferential -timeout 30m
func TestDifferential(t *testing.T) {
	bin := crosscheck.Find()
	if bin == "" {
		t.Skip("claude not found: set PLUGFORGE_CLAUDE or put claude on PATH")
	}
	if testing.Short() {
		t.Skip("-short: the differential run starts one validator per fixture")
	}
	dirs, _ := filepath.Glob(filepath.Join("testdata", "*", "*"))
	sort.Strings(dirs)
	validatorFamilies := map[string]bool{"_parity": true, "SC": true, "FM": true, "CP": true, "LY": true, "MF": true, "MK": true, "HK": true, "MC": true}
	all := os.Getenv("PLUGFORGE_DIFFERENTIAL") == "all"
	sem := make(chan struct{}, 2*runtime.NumCPU()) // the validator mostly waits on start-up
	for _, dir := range dirs {
		dir := dir
		group := filepath.Base(filepath.Dir(dir))
		if st, err := os.Stat(dir); err != nil || !st.IsDir() || group == "_base" {
			continue
		}
		if !all && group != "_parity" && (!validatorFamilies[group[:min(2, len(group))]] || filepath.Base(dir) != "fires") {
			continue
		}
		t.Run(filepath.ToSlash(dir[len("testdata/"):]), func(t *testing.T) {
			t.Parallel()
			sem <- struct{}{}
			defer func() { <-sem }()
			fx := buildFixture(t, dir)
			root, _ := filepath.EvalSymlinks(fx.Dir)
			items, err := crosscheck.Validate(bin, root)
			if err != nil {
				t.Fatal(err)
			}
			ours := map[string]bool{}
			for _, f := range lintFixture(t, fx) {
				if f.Severity == lint.Error {
					ours[filepath.Join(root, filepath.FromSlash(f.Path))] = true
				}
			}
			for _, it := range crosscheck.Missed(items, ours) {
				t.Errorf("claude plugin validate: %s: %s: %s — plugforge reports no error in that file", it.File, it.Path, it.Message)
			}
		})
	}
}
