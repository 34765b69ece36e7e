package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/harness"
)

// breakage is one way to break a copy of dist/iflow, and where the suite
// must say so: each scenario named fails at a step starting with want.
type breakage struct {
	name  string
	apply func(dir string) error
	want  map[string]string // scenario → step prefix
}

var breakages = []breakage{
	{
		name:  "agent file removed",
		apply: func(dir string) error { return os.Remove(filepath.Join(dir, "agents", "spec-reviewer.md")) },
		want: map[string]string{
			"listed":          "listed.agents",
			"specify-approve": "requests[0] (iflow:spec-reviewer)",
		},
	},
	{
		name:  "SessionStart hook prints nothing",
		apply: func(dir string) error { return script(dir, "session-start.sh", "exit 0") },
		want: map[string]string{
			"hook-session-start":        "hooks[0] (SessionStart)",
			"hook-session-start-clear":  "hooks[0] (SessionStart)",
			"hook-session-start-resume": "hooks[0] (SessionStart)",
		},
	},
	{
		name: "Stop hook always blocks",
		apply: func(dir string) error {
			return script(dir, "yolo-stop.sh", `echo '{"decision": "block", "reason": "always"}'`)
		},
		// The first stop the model makes is blocked: a request no turn fits.
		want: map[string]string{
			"listed":          "request 2",
			"specify-approve": "request ",
		},
	},
	{
		name: "subagent_type misspelt",
		apply: func(dir string) error {
			return edit(filepath.Join(dir, "commands", "specify.md"), "subagent_type: iflow:spec-reviewer", "subagent_type: iflow:spec-reveiwer")
		},
		// The scripted model only spawns the reviewer the command names.
		want: map[string]string{
			"specify-approve": "turn 1 ",
		},
	},
}

// TestBreakage: each broken copy of dist/iflow makes the named scenarios of
// the suite fail at the named step, so `make e2e E2E_PLUGIN=copy` fails and
// says where.
func TestBreakage(t *testing.T) {
	enabled(t)
	if os.Getenv("E2E_PLUGIN") != "" || os.Getenv("E2E_SCENARIOS") != "" {
		t.Skip("breakage runs against copies of dist/iflow and its own suite: not with E2E_PLUGIN or E2E_SCENARIOS")
	}
	root := repoRoot(t)
	claude, why := claudeFor(root, "iflow")
	if claude == "" {
		t.Skip(why)
	}
	_, scs := scenariosOf(t, root, filepath.Join(root, "dist", "iflow"))
	byName := map[string]*harness.Scenario{}
	for _, sc := range scs {
		byName[sc.Name] = sc
	}
	for _, b := range breakages {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "iflow")
			require.NoError(t, copyDir(filepath.Join(root, "dist", "iflow"), dir))
			require.NoError(t, b.apply(dir))
			for scName, step := range b.want {
				t.Run(scName, func(t *testing.T) {
					t.Parallel()
					sc := byName[scName]
					require.NotNil(t, sc, "no scenario %q in the suite", scName)
					res, err := runOne(sc, dir, harness.Print, claude)
					require.NoError(t, err)
					require.False(t, res.Passed, "%s passed against a copy with %s", scName, b.name)
					var steps []string
					for _, f := range res.Failures {
						if strings.HasPrefix(f.Step, step) {
							t.Logf("%s: %s: %s", scName, f.Step, f.Message)
							return
						}
						steps = append(steps, f.Step+": "+f.Message)
					}
					t.Errorf("%s failed, but at no step %q:\n%s", scName, step, strings.Join(steps, "\n"))
				})
			}
		})
	}
}

// script replaces a hook script of the copy by a shell body that reads
// its input and does what body says.
func script(dir, name, body string) error {
	return os.WriteFile(filepath.Join(dir, "hooks", name), []byte("#!/bin/sh\ncat >/dev/null\n"+body+"\nexit 0\n"), 0o755)
}

// edit replaces every old by new in a file, and fails if there is none.
func edit(path, old, new string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("edit: %w", err)
	}
	if !strings.Contains(string(data), old) {
		return fmt.Errorf("edit %s: %q not found", path, old)
	}
	return os.WriteFile(path, []byte(strings.ReplaceAll(string(data), old, new)), 0o644)
}

// copyDir copies a plugin directory, keeping each file's mode (hooks must
// stay executable).
func copyDir(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, info.Mode().Perm())
	})
}
