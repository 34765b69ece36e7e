package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/harness"
)

// enabled skips the test unless the suite was asked for: every scenario
// starts the CLI, which `go test ./...` should not wait for.
func enabled(t *testing.T) {
	t.Helper()
	if os.Getenv("PLUGFORGE_E2E") == "" {
		t.Skip("end-to-end suite: run `make e2e` (or set PLUGFORGE_E2E=1) to start Claude Code for each scenario")
	}
}

// repoRoot is the directory holding go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, parent, dir, "no go.mod above the test's working directory")
		dir = parent
	}
}

// claudeFor finds the CLI a variant runs on, or "" with the reason.
// iflow-classic speaks Task with resume, which Claude Code dropped after
// 2.1.76: it runs on the CLI of CLAUDE_CLASSIC or .tools/claude-2.1.76.
func claudeFor(root, variant string) (string, string) {
	if variant == "iflow-classic" {
		if p := os.Getenv("CLAUDE_CLASSIC"); p != "" {
			return p, ""
		}
		p := filepath.Join(root, ".tools/claude-2.1.76/node_modules/.bin/claude")
		if _, err := os.Stat(p); err == nil {
			return p, ""
		}
		return "", "no Claude Code that still resumes with Task: run `make tools` (installs 2.1.76 too) or set CLAUDE_CLASSIC"
	}
	if p := os.Getenv("CLAUDE"); p != "" {
		// `make e2e` passes its CLAUDE (make e2e CLAUDE=PATH overrides
		// it); a relative path is the repository's, a bare name is
		// looked up on PATH.
		if strings.Contains(p, "/") && !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		if _, err := os.Stat(p); err == nil {
			return p, ""
		}
		if lp, err := exec.LookPath(p); err == nil {
			return lp, ""
		}
		return "", fmt.Sprintf("CLAUDE=%s: no such Claude Code binary", p)
	}
	// Otherwise as plugforge test finds it: $PLUGFORGE_CLAUDE, the copy
	// `make tools` installs, claude on PATH.
	p, err := harness.FindCLI("", root)
	if err != nil {
		return "", err.Error() + " (or set CLAUDE)"
	}
	return p, ""
}

// pluginName reads the name in a plugin's manifest: it picks the scenarios.
func pluginName(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, ".claude-plugin", "plugin.json"))
	if err != nil {
		return "", fmt.Errorf("read manifest: %w", err)
	}
	var m struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return "", fmt.Errorf("%s: %w", dir, err)
	}
	return m.Name, nil
}

// targets are the plugin directories under test: E2E_PLUGIN, or every
// variant in dist/.
func targets(t *testing.T, root string) []string {
	t.Helper()
	if p := os.Getenv("E2E_PLUGIN"); p != "" {
		// go test runs in the package directory: a relative path is
		// taken from the repository root, where `make e2e` is typed.
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		return []string{p}
	}
	ds, err := filepath.Glob(filepath.Join(root, "dist", "*", ".claude-plugin", "plugin.json"))
	require.NoError(t, err)
	require.NotEmpty(t, ds, "no built variant in dist/: run `make plugin`")
	var out []string
	for _, d := range ds {
		out = append(out, filepath.Dir(filepath.Dir(d)))
	}
	return out
}

// jobs bounds the scenarios running at once across the whole test binary:
// each one is a CLI process (and its hooks) on a 2-core machine.
var jobs = sync.OnceValue(func() chan struct{} {
	n, err := strconv.Atoi(os.Getenv("E2E_JOBS"))
	if err != nil || n < 1 {
		n = 2
	}
	return make(chan struct{}, n)
})

// runOne runs one scenario in one mode, holding a job slot.
func runOne(sc *harness.Scenario, plugDir, mode, claude string) (*harness.Result, error) {
	sem := jobs()
	sem <- struct{}{}
	defer func() { <-sem }()
	return harness.Run(context.Background(), sc, plugDir, mode,
		harness.Options{Claude: claude, Keep: os.Getenv("E2E_KEEP") != ""})
}

// modesOf are the modes a scenario runs in: those it names, else print
// and interactive; E2E_MODES (comma-separated) narrows them.
func modesOf(sc *harness.Scenario) []string {
	modes := sc.Modes
	if len(modes) == 0 {
		modes = []string{harness.Print, harness.Interactive}
	}
	want := os.Getenv("E2E_MODES")
	if want == "" {
		return modes
	}
	var out []string
	for _, m := range modes {
		if slices.Contains(strings.Split(want, ","), m) {
			out = append(out, m)
		}
	}
	return out
}

// unavailable reports a mode the harness cannot run yet (interactive is
// being built): such runs are skipped with the harness's reason, never
// counted as passed.
func unavailable(err error) bool {
	return err != nil && strings.Contains(err.Error(), "not built yet")
}

// describe prints a failed result: scenario, step, message, then the
// request/answer pair where it diverged.
func describe(res *harness.Result) string {
	var b strings.Builder
	for _, f := range res.Failures {
		fmt.Fprintf(&b, "%s: %s: %s\n", res.Scenario, f.Step, f.Message)
		if f.Detail != "" {
			fmt.Fprintf(&b, "    %s\n", strings.ReplaceAll(strings.TrimSpace(f.Detail), "\n", "\n    "))
		}
	}
	if res.Dir != "" {
		fmt.Fprintf(&b, "run kept in %s\n", res.Dir)
	}
	return b.String()
}

// scenariosOf loads the suite of a plugin: plugin-src/scenarios/<name>/.
func scenariosOf(t *testing.T, root, plugDir string) (string, []*harness.Scenario) {
	t.Helper()
	name, err := pluginName(plugDir)
	require.NoError(t, err)
	dir := filepath.Join(root, "plugin-src", "scenarios", name)
	if d := os.Getenv("E2E_SCENARIOS"); d != "" {
		dir = d
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s: no suite for plugin %q (%s)", plugDir, name, dir)
	}
	scs, err := harness.LoadScenarios([]string{dir})
	require.NoError(t, err)
	require.NotEmpty(t, scs, "%s holds no scenario", dir)
	return name, scs
}

// TestSuite runs every variant's scenarios against its build (or the
// plugin of E2E_PLUGIN), at most E2E_JOBS at a time.
func TestSuite(t *testing.T) {
	enabled(t)
	root := repoRoot(t)
	for _, dir := range targets(t, root) {
		name, scs := scenariosOf(t, root, dir)
		t.Run(name, func(t *testing.T) {
			claude, why := claudeFor(root, name)
			if claude == "" {
				t.Skipf("%s: %s", name, why)
			}
			for _, sc := range scs {
				for _, mode := range modesOf(sc) {
					t.Run(sc.Name+"/"+mode, func(t *testing.T) {
						t.Parallel()
						res, err := runOne(sc, dir, mode, claude)
						if unavailable(err) {
							t.Skipf("%s: %v", mode, err)
						}
						require.NoError(t, err)
						t.Logf("%s (%s) on Claude Code %s: %.1fs %s", sc.Name, mode, res.Version, res.Seconds, res.Dir)
						if !res.Passed {
							t.Errorf("scenario %s (%s) failed (%s):\n%s", sc.Name, mode, sc.Path, describe(res))
						}
					})
				}
			}
		})
	}
}
