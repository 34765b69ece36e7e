package plugintest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plugin is the variant whose rendered hooks these tests run.
const plugin = "iflow"

// hookScripts are the scripts plugin-src/hooks/hooks.yaml wires up.
var hookScripts = []string{"session-start.sh", "cleanup-locks.sh", "yolo-guard.sh", "yolo-stop.sh"}

// hookLibrary is the shell library every hook script sources from its own
// directory; hooks.yaml does not name it.
const hookLibrary = "common.sh"

// noLibraryContext is the whole additionalContext of session-start.sh when
// hookLibrary is missing.
const noLibraryContext = "Could not read feature state (hooks/common.sh of the iflow plugin is missing). " +
	"Check with /iflow:show-status."

// hookTimeout bounds one script run; the hooks themselves allow 5-10 seconds.
const hookTimeout = 30 * time.Second

// guardReason is the exact deny reason of yolo-guard.sh.
const guardReason = "[YOLO_MODE] is active: do not ask the user. Choose the option marked (Recommended), " +
	"or the first option, state your choice in one line, and continue."

// ---------------------------------------------------------------------------
// Locating the rendered plugin

// repoRoot walks up from the test's working directory to the directory
// holding go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's working directory")
		}
		dir = parent
	}
}

// hooksDir is dist/iflow/hooks; the test fails (never skips) without it.
func hooksDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "dist", plugin, "hooks")
	for _, name := range append([]string{"hooks.json", hookLibrary}, hookScripts...) {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Fatalf("%s is missing (%v): run make plugin first", filepath.Join(dir, name), err)
		}
	}
	return dir
}

// requirePython skips checks that need python3 when the machine lacks it;
// the degraded behaviour is covered by the *WithoutPython tests.
func requirePython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed: feature details are not read (covered by the WithoutPython tests)")
	}
}

// ---------------------------------------------------------------------------
// Fixture project trees

// fixture is a project tree under its own temporary base directory.
type fixture struct {
	base string // parent of root; git never looks at or above it
	root string // the project
	home string // HOME for every command
}

// newFixture creates base/name (name may contain spaces and slashes) and,
// when withGit is set, git-initialises it.
func newFixture(t *testing.T, name string, withGit bool) *fixture {
	t.Helper()
	base := t.TempDir()
	if resolved, err := filepath.EvalSymlinks(base); err == nil {
		base = resolved
	}
	f := &fixture{base: base, root: filepath.Join(base, name), home: filepath.Join(base, "home")}
	require.NoError(t, os.MkdirAll(f.root, 0o755))
	require.NoError(t, os.MkdirAll(f.home, 0o755))
	if withGit {
		f.git(t, f.root, "init", "-q")
	}
	return f
}

// env is the controlled environment of every command the tests start.
func (f *fixture) env(path, projectDir string) []string {
	return []string{
		"PATH=" + path,
		"HOME=" + f.home,
		"CLAUDE_PROJECT_DIR=" + projectDir,
		"GIT_CEILING_DIRECTORIES=" + f.base,
		"GIT_CONFIG_NOSYSTEM=1",
	}
}

// git runs git in dir with a throwaway identity.
func (f *fixture) git(t *testing.T, dir string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hookTimeout)
	defer cancel()
	full := append([]string{"-c", "user.email=t@t", "-c", "user.name=t", "-c", "init.defaultBranch=main"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Dir = dir
	cmd.Env = f.env(os.Getenv("PATH"), f.root)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %v: %s", args, out)
}

// write creates a file below the project root.
func (f *fixture) write(t *testing.T, rel, content string) string {
	t.Helper()
	p := filepath.Join(f.root, rel)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

// config writes .claude/iflow.local.md.
func (f *fixture) config(t *testing.T, content string) {
	t.Helper()
	f.write(t, ".claude/iflow.local.md", content)
}

// feature writes {artifacts}/features/{name}/.meta.json from fields.
func (f *fixture) feature(t *testing.T, artifacts, name string, fields map[string]any) {
	t.Helper()
	meta := map[string]any{
		"id": name[:3], "slug": name[4:], "mode": "standard", "status": "active",
		"created": "2025-01-01T00:00:00Z", "branch": "feature/" + name, "worktree": nil,
		"project_id": nil, "depends_on_features": nil, "brainstorm_source": nil,
		"lastCompletedPhase": nil, "currentPhase": nil, "phases": map[string]any{},
	}
	for k, v := range fields {
		meta[k] = v
	}
	data, err := json.MarshalIndent(meta, "", "  ")
	require.NoError(t, err)
	f.write(t, filepath.Join(artifacts, "features", name, ".meta.json"), string(data)+"\n")
}

// ---------------------------------------------------------------------------
// Running hooks

type hookRun struct {
	script     string
	hooks      string   // directory holding the script; empty means the rendered hooks
	dir        string   // working directory of the process
	projectDir string   // CLAUDE_PROJECT_DIR
	path       string   // PATH; empty means the test's PATH
	input      string   // stdin
	env        []string // extra NAME=value entries, as Claude Code sets them
}

type hookResult struct {
	stdout, stderr string
	code           int
}

func (f *fixture) run(t *testing.T, r hookRun) hookResult {
	t.Helper()
	if r.hooks == "" {
		r.hooks = hooksDir(t)
	}
	script := filepath.Join(r.hooks, r.script)
	if r.path == "" {
		r.path = os.Getenv("PATH")
	}
	if r.dir == "" {
		r.dir = f.root
	}
	if r.projectDir == "" {
		r.projectDir = f.root
	}
	ctx, cancel := context.WithTimeout(context.Background(), hookTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, script)
	cmd.Dir = r.dir
	cmd.Env = append(f.env(r.path, r.projectDir), r.env...)
	cmd.Stdin = strings.NewReader(r.input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	require.NoError(t, ctx.Err(), "%s did not finish within %s", r.script, hookTimeout)
	res := hookResult{stdout: stdout.String(), stderr: stderr.String()}
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		res.code = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("starting %s: %v", script, err)
	}
	return res
}

// input is a hook input JSON object with the common fields plus extra.
func input(t *testing.T, event, cwd string, extra map[string]any) string {
	t.Helper()
	m := map[string]any{
		"session_id": "test-session", "transcript_path": "", "cwd": cwd,
		"hook_event_name": event,
	}
	for k, v := range extra {
		m[k] = v
	}
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return string(b)
}

// sessionStart runs session-start.sh from dir and returns additionalContext.
func (f *fixture) sessionStart(t *testing.T, dir string) string {
	t.Helper()
	if dir == "" {
		dir = f.root
	}
	res := f.run(t, hookRun{script: "session-start.sh", dir: dir,
		input: input(t, "SessionStart", dir, map[string]any{"source": "startup"})})
	return sessionContext(t, res)
}

// sessionContext checks a session-start.sh run and returns additionalContext.
func sessionContext(t *testing.T, res hookResult) string {
	t.Helper()
	require.Equal(t, 0, res.code, "exit code; stderr: %s", res.stderr)
	assert.Empty(t, res.stderr, "session-start.sh wrote to stderr")
	var out struct {
		HookSpecificOutput struct {
			HookEventName     string `json:"hookEventName"`
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	dec := json.NewDecoder(strings.NewReader(res.stdout))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&out), "stdout is not SessionStart JSON: %q", res.stdout)
	require.False(t, dec.More(), "stdout holds more than one JSON value: %q", res.stdout)
	require.Equal(t, "SessionStart", out.HookSpecificOutput.HookEventName)
	ctx := out.HookSpecificOutput.AdditionalContext
	require.NotEmpty(t, ctx)
	return ctx
}

// stopDecision runs yolo-stop.sh and returns its reason, "" when it lets
// the stop happen (no output).
func (f *fixture) stopDecision(t *testing.T, r hookRun) string {
	t.Helper()
	r.script = "yolo-stop.sh"
	res := f.run(t, r)
	require.Equal(t, 0, res.code, "exit code; stderr: %s", res.stderr)
	assert.Empty(t, res.stderr, "yolo-stop.sh wrote to stderr")
	if strings.TrimSpace(res.stdout) == "" {
		return ""
	}
	var out map[string]any
	require.NoError(t, json.Unmarshal([]byte(res.stdout), &out), "stdout is not JSON: %q", res.stdout)
	require.Equal(t, "block", out["decision"], "stdout: %s", res.stdout)
	reason, ok := out["reason"].(string)
	require.True(t, ok, "reason is not a string: %s", res.stdout)
	assert.Len(t, out, 2, "unexpected fields: %s", res.stdout)
	return reason
}

// pathWithoutPython is a PATH of one directory that links every program of
// the test's PATH except python*.
func pathWithoutPython(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, "python") {
				continue
			}
			link := filepath.Join(bin, name)
			if _, err := os.Lstat(link); err == nil {
				continue
			}
			_ = os.Symlink(filepath.Join(dir, name), link)
		}
	}
	_, err := os.Lstat(filepath.Join(bin, "bash"))
	require.NoError(t, err, "no bash on PATH")
	return bin
}

// ---------------------------------------------------------------------------
// Rendered files

func TestRenderedHookFiles(t *testing.T) {
	t.Parallel()
	dir := hooksDir(t)
	for _, name := range hookScripts {
		p := filepath.Join(dir, name)
		info, err := os.Stat(p)
		require.NoError(t, err)
		assert.NotZero(t, info.Mode().Perm()&0o111, "%s is not executable", name)
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		s := string(data)
		assert.True(t, strings.HasPrefix(s, "#!/usr/bin/env bash\n"), "%s: shebang", name)
		assert.NotContains(t, s, "\r", "%s: CRLF", name)
		assert.NotContains(t, s, "{{", "%s: unrendered template action", name)
		assert.NotContains(t, s, ".Plugin.Name", "%s: unrendered template action", name)
	}

	data, err := os.ReadFile(filepath.Join(dir, "hooks.json"))
	require.NoError(t, err)
	var doc struct {
		Hooks map[string][]struct {
			Matcher *string `json:"matcher"`
			Hooks   []struct {
				Type    string  `json:"type"`
				Command string  `json:"command"`
				Timeout float64 `json:"timeout"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))

	scripts := map[string]string{} // script → event/matcher
	for event, groups := range doc.Hooks {
		for _, g := range groups {
			matcher := ""
			if g.Matcher != nil {
				matcher = *g.Matcher
			}
			if event == "SessionStart" {
				assert.NotContains(t, matcher, "compact", "SessionStart hooks must not run on compact")
				assert.NotEmpty(t, matcher, "a SessionStart group without matcher also runs on compact")
			}
			for _, h := range g.Hooks {
				assert.Equal(t, "command", h.Type)
				assert.Greater(t, h.Timeout, 0.0, "%s: timeout", h.Command)
				const prefix = `"${CLAUDE_PLUGIN_ROOT}/hooks/`
				require.True(t, strings.HasPrefix(h.Command, prefix) && strings.HasSuffix(h.Command, `"`),
					"command must be the quoted plugin-root path: %s", h.Command)
				script := strings.TrimSuffix(strings.TrimPrefix(h.Command, prefix), `"`)
				scripts[script] = event + "/" + matcher
			}
		}
	}
	assert.Equal(t, map[string]string{
		"session-start.sh": "SessionStart/startup|resume|clear|fork",
		"cleanup-locks.sh": "SessionStart/startup",
		"yolo-guard.sh":    "PreToolUse/AskUserQuestion",
		"yolo-stop.sh":     "Stop/",
	}, scripts)
}

// TestRenderedHookLibrary checks common.sh: rendered, parseable, and free
// of side effects when sourced (it only defines functions).
func TestRenderedHookLibrary(t *testing.T) {
	t.Parallel()
	p := filepath.Join(hooksDir(t), hookLibrary)
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	s := string(data)
	assert.True(t, strings.HasPrefix(s, "#!/usr/bin/env bash\n"), "shebang")
	assert.Contains(t, s, "This file is sourced, not run")
	assert.NotContains(t, s, "\r", "CRLF")
	assert.NotContains(t, s, "{{", "unrendered template action")
	assert.NotContains(t, s, ".Plugin.Name", "unrendered template action")

	ctx, cancel := context.WithTimeout(context.Background(), hookTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "bash", "-n", p).CombinedOutput()
	require.NoError(t, err, "bash -n %s: %s", p, out)

	// Sourcing adds no variable, changes no option or trap, prints nothing
	// and leaves stdin unread.
	const probe = `set -u
vars="" flags="" opts="" traps=""
vars=$(compgen -v | sort); flags=$-; opts=$(set +o; shopt -p); traps=$(trap -p)
. "$1" || { echo "sourcing failed"; exit 1; }
[ "$(compgen -v | sort)" = "$vars" ] || { echo "new variables:"; compgen -v | sort | grep -vxF "$vars"; exit 1; }
[ "$-" = "$flags" ] && [ "$(set +o; shopt -p)" = "$opts" ] || { echo "options changed"; exit 1; }
[ "$(trap -p)" = "$traps" ] || { echo "traps changed"; exit 1; }
declare -F find_project >/dev/null || { echo "find_project is not defined"; exit 1; }
cat`
	cmd := exec.CommandContext(ctx, "bash", "-c", probe, "probe", p)
	cmd.Stdin = strings.NewReader("stdin left unread")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "stdout: %s\nstderr: %s", stdout.String(), stderr.String())
	assert.Equal(t, "stdin left unread", stdout.String())
	assert.Empty(t, stderr.String())
}

// TestHooksWithoutLibrary runs each hook script from a copy of the hooks
// directory that lacks common.sh, in a project where every script would
// act: each exits 0 and prints nothing, except session-start.sh, which
// says that feature state could not be read.
func TestHooksWithoutLibrary(t *testing.T) {
	t.Parallel()
	src := hooksDir(t)
	bare := filepath.Join(t.TempDir(), "hooks")
	require.NoError(t, os.MkdirAll(bare, 0o755))
	for _, name := range append([]string{"hooks.json"}, hookScripts...) {
		data, err := os.ReadFile(filepath.Join(src, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(bare, name), data, 0o755))
	}

	f := newFixture(t, "my project", true)
	f.config(t, "yolo_mode: true\n")
	f.feature(t, "docs", "031-example", map[string]any{"lastCompletedPhase": "design"})
	lock := filepath.Join(f.root, "docs", "features", "031-example", ".meta.json.lock")
	require.NoError(t, os.MkdirAll(lock, 0o755))
	old := time.Now().Add(-20 * time.Minute)
	require.NoError(t, os.Chtimes(lock, old, old))
	in := input(t, "Stop", f.root, map[string]any{"stop_hook_active": false})

	for _, script := range hookScripts {
		res := f.run(t, hookRun{script: script, hooks: bare, input: in})
		require.Equal(t, 0, res.code, "%s: exit code; stderr: %s", script, res.stderr)
		assert.Empty(t, res.stderr, "%s wrote to stderr", script)
		if script == "session-start.sh" {
			assert.Equal(t, noLibraryContext, sessionContext(t, res))
		} else {
			assert.Empty(t, res.stdout, "%s printed without its library", script)
		}
	}
	assert.DirExists(t, lock, "cleanup-locks.sh acted without its library")

	// The same project with the library: the scripts do act.
	assert.NotEqual(t, noLibraryContext, f.sessionStart(t, ""))
	assert.NotEmpty(t, f.run(t, hookRun{script: "yolo-guard.sh", input: in}).stdout)
	f.run(t, hookRun{script: "cleanup-locks.sh", input: in})
	assert.NoDirExists(t, lock)
}

// TestHookRunByBareName runs session-start.sh as "bash session-start.sh"
// from the hooks directory: the script still finds common.sh.
func TestHookRunByBareName(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "proj", true)
	f.config(t, "artifacts_root: specs\n")
	want := f.sessionStart(t, "")

	ctx, cancel := context.WithTimeout(context.Background(), hookTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "session-start.sh")
	cmd.Dir = hooksDir(t)
	cmd.Env = f.env(os.Getenv("PATH"), f.root)
	cmd.Stdin = strings.NewReader(input(t, "SessionStart", f.root, map[string]any{"source": "startup"}))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "stderr: %s", stderr.String())
	got := sessionContext(t, hookResult{stdout: stdout.String(), stderr: stderr.String()})
	assert.Equal(t, want, got)
	assert.True(t, strings.HasPrefix(got, "iflow_artifacts_root: specs\n"), "context: %q", got)
}

// ---------------------------------------------------------------------------
// session-start.sh

func TestSessionStartActiveFeature(t *testing.T) {
	t.Parallel()
	requirePython(t)
	f := newFixture(t, "proj", true)
	f.feature(t, "docs", "030-done", map[string]any{"status": "completed", "lastCompletedPhase": "finish"})
	f.feature(t, "docs", "031-example", map[string]any{
		"mode": "full", "lastCompletedPhase": "design", "currentPhase": "create-plan",
		"phases": map[string]any{"design": map[string]any{"started": "x", "completed": "y", "iterations": 2}},
	})
	f.feature(t, "docs", "029-dropped", map[string]any{"status": "abandoned"})
	// A project module named like the stdlib must not shadow it (python3 -I).
	f.write(t, "json.py", "raise SystemExit(3)\n")

	ctx := f.sessionStart(t, "")
	lines := strings.Split(ctx, "\n")
	assert.Equal(t, "iflow_artifacts_root: docs", lines[0])
	assert.Contains(t, ctx, "Active feature: 031-example (mode: full)")
	assert.Contains(t, ctx, "Current phase: create-plan (in progress; last completed: design)")
	assert.Contains(t, ctx, "Next command: /iflow:create-plan")
	assert.Contains(t, ctx, "Branch: feature/031-example")
	assert.NotContains(t, ctx, "030-done")
	assert.NotContains(t, ctx, "029-dropped")
	assert.NotContains(t, ctx, "[YOLO_MODE]")
	assert.NotContains(t, ctx, "WARNING")
	assert.NotContains(t, ctx, "No active iflow feature")
}

func TestSessionStartNextCommand(t *testing.T) {
	t.Parallel()
	requirePython(t)
	done := func(phase string) map[string]any {
		return map[string]any{phase: map[string]any{"started": "x", "completed": "y"}}
	}
	cases := []struct {
		name      string
		fields    map[string]any
		position  string
		nextPhase string
	}{
		{"fresh", map[string]any{}, "Last completed phase: none; next phase: specify", "specify"},
		{"after brainstorm", map[string]any{"lastCompletedPhase": "brainstorm"}, "next phase: specify", "specify"},
		{"specify in progress", map[string]any{"currentPhase": "specify"}, "Current phase: specify (in progress; last completed: none)", "specify"},
		{"after specify", map[string]any{"lastCompletedPhase": "specify"}, "Last completed phase: specify; next phase: design", "design"},
		{"current equals last", map[string]any{"lastCompletedPhase": "design", "currentPhase": "design"}, "next phase: create-plan", "create-plan"},
		{"current completed", map[string]any{"lastCompletedPhase": "design", "currentPhase": "create-plan", "phases": done("create-plan")}, "next phase: create-tasks", "create-tasks"},
		{"after create-tasks", map[string]any{"lastCompletedPhase": "create-tasks"}, "next phase: implement", "implement"},
		{"implementing", map[string]any{"lastCompletedPhase": "create-tasks", "currentPhase": "implement"}, "Current phase: implement (in progress", "implement"},
		{"after implement", map[string]any{"lastCompletedPhase": "implement"}, "next phase: finish", "finish-feature"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, "proj", true)
			f.feature(t, "docs", "031-example", tc.fields)
			ctx := f.sessionStart(t, "")
			assert.Contains(t, ctx, tc.position)
			assert.Contains(t, ctx+"\n", "Next command: /iflow:"+tc.nextPhase+"\n")
		})
	}

	t.Run("all phases done", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.feature(t, "docs", "031-example", map[string]any{"lastCompletedPhase": "finish"})
		ctx := f.sessionStart(t, "")
		assert.Contains(t, ctx, "Active feature: 031-example")
		assert.Contains(t, ctx, "All phases are completed")
		assert.NotContains(t, ctx, "Next command:")
	})
	t.Run("unknown phase", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.feature(t, "docs", "031-example", map[string]any{"lastCompletedPhase": "reviewing"})
		ctx := f.sessionStart(t, "")
		assert.Contains(t, ctx, "Unrecognized phase")
		assert.Contains(t, ctx, "/iflow:show-status")
	})
}

func TestSessionStartNoFeatures(t *testing.T) {
	t.Parallel()
	const none = "No active iflow feature. Start with /iflow:brainstorm or /iflow:create-feature."
	t.Run("empty repository", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := newFixture(t, "proj", true)
		ctx := f.sessionStart(t, "")
		assert.Equal(t, "iflow_artifacts_root: docs\n"+none, ctx)
	})
	t.Run("only finished features", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := newFixture(t, "proj", true)
		f.feature(t, "docs", "001-old", map[string]any{"status": "completed"})
		f.write(t, "docs/features/002-no-meta/spec.md", "# spec\n")
		ctx := f.sessionStart(t, "")
		assert.Equal(t, "iflow_artifacts_root: docs\n"+none, ctx)
	})
	t.Run("empty stdin", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		ctx := sessionContext(t, f.run(t, hookRun{script: "session-start.sh"}))
		assert.Contains(t, ctx, "No active iflow feature.")
	})
	t.Run("garbage stdin", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		ctx := sessionContext(t, f.run(t, hookRun{script: "session-start.sh", input: `{"cwd": 12, "x": [`}))
		assert.Contains(t, ctx, "No active iflow feature.")
	})
}

func TestSessionStartConfig(t *testing.T) {
	t.Parallel()
	requirePython(t)
	f := newFixture(t, "proj", true)
	// Frontmatter form, quoted value, comment and CRLF line endings.
	f.config(t, "---\r\nartifacts_root: \"specs\"\r\nyolo_mode: true   # set by /iflow:yolo\r\n---\r\n\r\nNotes.\r\n")
	f.feature(t, "specs", "031-example", map[string]any{"lastCompletedPhase": "specify"})
	f.feature(t, "docs", "040-ignored", map[string]any{})

	ctx := f.sessionStart(t, "")
	lines := strings.Split(ctx, "\n")
	assert.Equal(t, "iflow_artifacts_root: specs", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "[YOLO_MODE]"), "second line: %q", lines[1])
	assert.Contains(t, ctx, "Active feature: 031-example (mode: standard)")
	assert.Contains(t, ctx, "Next command: /iflow:design")
	assert.NotContains(t, ctx, "040-ignored")

	f.config(t, "artifacts_root: specs\nyolo_mode: false\n")
	ctx = f.sessionStart(t, "")
	assert.NotContains(t, ctx, "[YOLO_MODE]")
	assert.Contains(t, ctx, "031-example")
}

func TestSessionStartWorktree(t *testing.T) {
	t.Parallel()
	requirePython(t)
	const wtRel = ".worktrees/031-example"

	t.Run("working directory elsewhere", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.feature(t, "docs", "031-example", map[string]any{"worktree": wtRel, "lastCompletedPhase": "specify"})
		require.NoError(t, os.MkdirAll(filepath.Join(f.root, wtRel), 0o755))
		ctx := f.sessionStart(t, "")
		assert.Contains(t, ctx, "WARNING: working directory "+f.root+" is not the worktree of feature 031-example ("+
			filepath.Join(f.root, wtRel)+")")
		assert.Equal(t, 1, strings.Count(ctx, "WARNING"))
	})

	t.Run("inside the git worktree", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.git(t, f.root, "commit", "-q", "--allow-empty", "-m", "init")
		f.git(t, f.root, "worktree", "add", "-q", "-b", "feature/031-example", wtRel)
		f.feature(t, "docs", "031-example", map[string]any{"worktree": wtRel, "lastCompletedPhase": "design"})
		wt := filepath.Join(f.root, wtRel)
		sub := filepath.Join(wt, "src")
		require.NoError(t, os.MkdirAll(sub, 0o755))
		for _, dir := range []string{wt, sub} {
			res := f.run(t, hookRun{script: "session-start.sh", dir: dir, projectDir: wt,
				input: input(t, "SessionStart", dir, map[string]any{"source": "resume"})})
			ctx := sessionContext(t, res)
			// The feature lives in the main checkout; it is found from the worktree.
			assert.Contains(t, ctx, "Active feature: 031-example")
			assert.Contains(t, ctx, "Next command: /iflow:create-plan")
			assert.Contains(t, ctx, "Worktree: "+wt)
			assert.NotContains(t, ctx, "WARNING", "cwd %s", dir)
		}
	})

	t.Run("worktree missing", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.feature(t, "docs", "031-example", map[string]any{"worktree": wtRel})
		ctx := f.sessionStart(t, "")
		assert.Contains(t, ctx, "WARNING: the worktree of feature 031-example does not exist: "+filepath.Join(f.root, wtRel))
	})

	t.Run("no worktree", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.feature(t, "docs", "031-example", map[string]any{"worktree": nil})
		f.feature(t, "docs", "032-other", map[string]any{"worktree": ""})
		ctx := f.sessionStart(t, "")
		assert.Contains(t, ctx, "2 features are active")
		assert.Contains(t, ctx, "Next command: /iflow:specify --feature=031-example\n")
		assert.Contains(t, ctx+"\n", "Next command: /iflow:specify --feature=032-other\n")
		assert.NotContains(t, ctx, "WARNING")
		assert.NotContains(t, ctx, "Worktree:")
	})
}

func TestSessionStartMalformedMeta(t *testing.T) {
	t.Parallel()
	requirePython(t)
	f := newFixture(t, "proj", true)
	f.write(t, "docs/features/030-broken/.meta.json", `{"id": "030", "status": "active",`)
	f.write(t, "docs/features/032-list/.meta.json", `["not", "an", "object"]`)
	f.write(t, "docs/features/033-empty/.meta.json", "")
	f.feature(t, "docs", "031-example", map[string]any{"lastCompletedPhase": "specify"})

	ctx := f.sessionStart(t, "")
	for _, name := range []string{"030-broken", "032-list", "033-empty"} {
		assert.Contains(t, ctx, "skipped docs/features/"+name+"/.meta.json: malformed .meta.json\n")
	}
	assert.Contains(t, ctx, "Active feature: 031-example")
	assert.Contains(t, ctx, "Next command: /iflow:design")
	assert.NotContains(t, ctx, "Traceback")
}

func TestSessionStartPathWithSpaces(t *testing.T) {
	t.Parallel()
	requirePython(t)
	const wtRel = "work trees/031 it's \"quoted\""

	t.Run("git", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "my project/with spaces", true)
		f.config(t, "artifacts_root: my docs\n")
		f.feature(t, "my docs", "031-example", map[string]any{"worktree": wtRel, "lastCompletedPhase": "create-plan"})
		require.NoError(t, os.MkdirAll(filepath.Join(f.root, wtRel), 0o755))
		ctx := f.sessionStart(t, "")
		assert.Contains(t, ctx, "iflow_artifacts_root: my docs\n")
		assert.Contains(t, ctx, "Directory: "+filepath.Join(f.root, "my docs", "features", "031-example"))
		assert.Contains(t, ctx, "Next command: /iflow:create-tasks")
		assert.Contains(t, ctx, "WARNING: working directory "+f.root+" is not the worktree of feature 031-example ("+
			filepath.Join(f.root, wtRel)+")")
	})

	t.Run("no git, CLAUDE_PROJECT_DIR", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "my project/with spaces", false)
		f.feature(t, "docs", "031-example", map[string]any{"lastCompletedPhase": "create-tasks"})
		elsewhere := filepath.Join(f.base, "some other dir")
		require.NoError(t, os.MkdirAll(elsewhere, 0o755))
		res := f.run(t, hookRun{script: "session-start.sh", dir: elsewhere,
			input: input(t, "SessionStart", elsewhere, map[string]any{"source": "clear"})})
		ctx := sessionContext(t, res)
		assert.Contains(t, ctx, "Active feature: 031-example")
		assert.Contains(t, ctx, "Next command: /iflow:implement")
	})

	t.Run("no git, CLAUDE_PROJECT_DIR missing", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "my project/with spaces", false)
		f.feature(t, "docs", "031-example", map[string]any{})
		res := f.run(t, hookRun{script: "session-start.sh", projectDir: filepath.Join(f.base, "missing dir"),
			input: input(t, "SessionStart", f.root, nil)})
		ctx := sessionContext(t, res)
		assert.Contains(t, ctx, "Active feature: 031-example")
	})
}

func TestSessionStartWithoutPython(t *testing.T) {
	t.Parallel()
	path := pathWithoutPython(t)

	f := newFixture(t, "my project", true)
	f.config(t, "yolo_mode: true\n")
	f.feature(t, "docs", "031-example", map[string]any{})
	f.feature(t, "docs", "030-done", map[string]any{"status": "completed"})
	res := f.run(t, hookRun{script: "session-start.sh", path: path, input: input(t, "SessionStart", f.root, nil)})
	ctx := sessionContext(t, res)
	assert.Contains(t, ctx, "iflow_artifacts_root: docs\n[YOLO_MODE]")
	assert.Contains(t, ctx, "python3 is not available")
	assert.Contains(t, ctx, "Features marked active: 031-example.")
	assert.Contains(t, ctx, "/iflow:show-status")
	assert.NotContains(t, ctx, "030-done")

	empty := newFixture(t, "proj", true)
	res = empty.run(t, hookRun{script: "session-start.sh", path: path})
	ctx = sessionContext(t, res)
	assert.Contains(t, ctx, "No active iflow feature. Start with /iflow:brainstorm or /iflow:create-feature.")
}

// ---------------------------------------------------------------------------
// yolo-guard.sh

func TestYoloGuard(t *testing.T) {
	t.Parallel()
	guard := func(t *testing.T, f *fixture, r hookRun) string {
		t.Helper()
		r.script = "yolo-guard.sh"
		if r.input == "" {
			r.input = input(t, "PreToolUse", f.root, map[string]any{
				"tool_name":  "AskUserQuestion",
				"tool_input": map[string]any{"questions": []any{map[string]any{"question": "Which?"}}},
			})
		}
		res := f.run(t, r)
		require.Equal(t, 0, res.code, "exit code; stderr: %s", res.stderr)
		assert.Empty(t, res.stderr)
		return res.stdout
	}
	assertDeny := func(t *testing.T, stdout string) {
		t.Helper()
		var out struct {
			HookSpecificOutput map[string]string `json:"hookSpecificOutput"`
		}
		require.NoError(t, json.Unmarshal([]byte(stdout), &out), "stdout: %q", stdout)
		assert.Equal(t, map[string]string{
			"hookEventName":            "PreToolUse",
			"permissionDecision":       "deny",
			"permissionDecisionReason": guardReason,
		}, out.HookSpecificOutput)
	}

	t.Run("no config", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		assert.Empty(t, guard(t, f, hookRun{}))
	})
	t.Run("yolo off", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.config(t, "artifacts_root: docs\nyolo_mode: false\n")
		assert.Empty(t, guard(t, f, hookRun{}))
	})
	t.Run("yolo key absent", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.config(t, "artifacts_root: docs\n# yolo_mode: true\n")
		assert.Empty(t, guard(t, f, hookRun{}))
	})
	t.Run("yolo on", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.config(t, "artifacts_root: docs\nyolo_mode: true\n")
		assertDeny(t, guard(t, f, hookRun{}))
	})
	t.Run("yolo on, frontmatter, quoted, CRLF, from a subdirectory", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "my project", true)
		f.config(t, "---\r\nyolo_mode: \"true\"\r\n---\r\n")
		sub := filepath.Join(f.root, "src", "pkg")
		require.NoError(t, os.MkdirAll(sub, 0o755))
		assertDeny(t, guard(t, f, hookRun{dir: sub}))
	})
	t.Run("yolo on, no git, CLAUDE_PROJECT_DIR", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "my project", false)
		f.config(t, "yolo_mode: true\n")
		elsewhere := filepath.Join(f.base, "elsewhere")
		require.NoError(t, os.MkdirAll(elsewhere, 0o755))
		assertDeny(t, guard(t, f, hookRun{dir: elsewhere}))
	})
	t.Run("yolo on, linked worktree uses the main checkout's config", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.git(t, f.root, "commit", "-q", "--allow-empty", "-m", "init")
		f.git(t, f.root, "worktree", "add", "-q", "-b", "feature/031-example", ".worktrees/031-example")
		f.config(t, "yolo_mode: true\n")
		wt := filepath.Join(f.root, ".worktrees", "031-example")
		assertDeny(t, guard(t, f, hookRun{dir: wt, projectDir: wt}))
	})
	t.Run("yolo on, empty stdin", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		f.config(t, "yolo_mode: true\n")
		assertDeny(t, guard(t, f, hookRun{input: " "}))
	})
}

// ---------------------------------------------------------------------------
// yolo-stop.sh

func TestYoloStop(t *testing.T) {
	t.Parallel()
	// project builds a git project with the given config and one feature.
	project := func(t *testing.T, config string, fields map[string]any) *fixture {
		t.Helper()
		f := newFixture(t, "proj", true)
		if config != "" {
			f.config(t, config)
		}
		if fields != nil {
			f.feature(t, "docs", "031-example", fields)
		}
		return f
	}
	stopInput := func(t *testing.T, f *fixture, extra map[string]any) string {
		t.Helper()
		m := map[string]any{"stop_hook_active": false}
		for k, v := range extra {
			m[k] = v
		}
		return input(t, "Stop", f.root, m)
	}
	const yoloOn = "artifacts_root: docs\nyolo_mode: true\n"
	afterDesign := map[string]any{"lastCompletedPhase": "design"}

	t.Run("yolo on, phases left", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, afterDesign)
		assert.Equal(t, "[YOLO_MODE] feature 031-example is at create-plan; continue with /iflow:create-plan",
			f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, phase in progress", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, map[string]any{"lastCompletedPhase": "create-tasks", "currentPhase": "implement"})
		assert.Equal(t, "[YOLO_MODE] feature 031-example is at implement; continue with /iflow:implement",
			f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, only finish left", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, map[string]any{"lastCompletedPhase": "implement"})
		assert.Equal(t, "[YOLO_MODE] feature 031-example is at finish; continue with /iflow:finish-feature",
			f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, path with spaces and custom artifacts root", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := newFixture(t, "my project/with spaces", true)
		f.config(t, "artifacts_root: my docs\nyolo_mode: on\n")
		f.feature(t, "my docs", "031-example", map[string]any{"lastCompletedPhase": "specify"})
		assert.Equal(t, "[YOLO_MODE] feature 031-example is at design; continue with /iflow:design",
			f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, prefers the feature of the current worktree", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, afterDesign)
		f.feature(t, "docs", "032-second", map[string]any{"lastCompletedPhase": "specify", "worktree": "wt/032"})
		wt := filepath.Join(f.root, "wt", "032")
		require.NoError(t, os.MkdirAll(wt, 0o755))
		assert.Equal(t, "[YOLO_MODE] feature 032-second is at design; continue with /iflow:design",
			f.stopDecision(t, hookRun{dir: wt, input: input(t, "Stop", wt, map[string]any{"stop_hook_active": false})}))
	})
	t.Run("yolo on, prefers the feature of the current branch", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, afterDesign)
		f.feature(t, "docs", "032-second", map[string]any{"lastCompletedPhase": "create-plan"})
		f.git(t, f.root, "symbolic-ref", "HEAD", "refs/heads/feature/032-second")
		assert.Equal(t, "[YOLO_MODE] feature 032-second is at create-tasks; continue with /iflow:create-tasks",
			f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("stop_hook_active", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, afterDesign)
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, map[string]any{"stop_hook_active": true})}))
	})
	// Claude Code 2.1.330 lists in-flight background work in the Stop
	// input; a model that ends its turn to wait for a subagent must be let
	// stop, or it would go on without the report.
	subagent := map[string]any{"id": "a1b2c3", "type": "subagent", "status": "running",
		"description": "Review spec quality", "agent_type": "iflow:spec-reviewer"}
	t.Run("yolo on, a background subagent is running", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, afterDesign)
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, map[string]any{"background_tasks": []any{subagent}})}))
	})
	t.Run("yolo on, a background shell is running", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, afterDesign)
		shell := map[string]any{"id": "b7", "type": "shell", "status": "running", "description": "test suite", "command": "make test"}
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, map[string]any{"background_tasks": []any{shell}})}))
	})
	t.Run("yolo on, background_tasks pretty-printed", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, afterDesign)
		in := "{\n  \"hook_event_name\": \"Stop\",\n  \"cwd\": " + jsonQuote(t, f.root) + ",\n  \"stop_hook_active\": false,\n" +
			"  \"background_tasks\": [\n    {\"id\": \"a1\", \"type\": \"subagent\", \"status\": \"running\", \"description\": \"x\"}\n  ]\n}\n"
		assert.Empty(t, f.stopDecision(t, hookRun{input: in}))
	})
	t.Run("yolo on, no background tasks", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, afterDesign)
		for _, in := range []string{
			stopInput(t, f, map[string]any{"background_tasks": []any{}}),
			"{\"hook_event_name\": \"Stop\", \"cwd\": " + jsonQuote(t, f.root) + ", \"background_tasks\": [ \n ]}",
		} {
			assert.Equal(t, "[YOLO_MODE] feature 031-example is at create-plan; continue with /iflow:create-plan",
				f.stopDecision(t, hookRun{input: in}), "input %s", in)
		}
	})
	t.Run("yolo off", func(t *testing.T) {
		t.Parallel()
		f := project(t, "yolo_mode: false\n", afterDesign)
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("no config", func(t *testing.T) {
		t.Parallel()
		f := project(t, "", afterDesign)
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, no features", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, nil)
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, feature completed", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, map[string]any{"status": "completed", "lastCompletedPhase": "finish"})
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, all phases done", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, map[string]any{"lastCompletedPhase": "finish"})
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, malformed meta only", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, nil)
		f.write(t, "docs/features/031-example/.meta.json", "{not json")
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, circuit breaker in last_assistant_message", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, afterDesign)
		msg := "YOLO MODE STOPPED: review iterations exhausted.\nResume with: /iflow:secretary continue"
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, map[string]any{"last_assistant_message": msg})}))
	})
	t.Run("yolo on, circuit breaker in transcript", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, afterDesign)
		entry := func(kind string, content any) string {
			b, err := json.Marshal(map[string]any{"type": kind, "message": map[string]any{"role": kind, "content": content}})
			require.NoError(t, err)
			return string(b) + "\n"
		}
		stopped := entry("user", "/iflow:create-plan") +
			entry("assistant", []any{map[string]any{"type": "text", "text": "YOLO MODE STOPPED: security blocker.\nResume with: /iflow:secretary continue"}})
		transcript := f.write(t, "transcript stopped.jsonl", stopped)
		assert.Empty(t, f.stopDecision(t, hookRun{input: stopInput(t, f, map[string]any{"transcript_path": transcript})}))

		// An older circuit breaker, followed by a new user turn, does not count.
		resumed := stopped + entry("user", "/iflow:secretary continue") +
			entry("assistant", []any{map[string]any{"type": "text", "text": "Plan written."}})
		transcript = f.write(t, "transcript resumed.jsonl", resumed)
		assert.Equal(t, "[YOLO_MODE] feature 031-example is at create-plan; continue with /iflow:create-plan",
			f.stopDecision(t, hookRun{input: stopInput(t, f, map[string]any{"transcript_path": transcript})}))
	})
	t.Run("yolo on, no python3", func(t *testing.T) {
		t.Parallel()
		f := project(t, yoloOn, afterDesign)
		assert.Empty(t, f.stopDecision(t, hookRun{path: pathWithoutPython(t), input: stopInput(t, f, nil)}))
	})
	t.Run("yolo on, empty stdin", func(t *testing.T) {
		t.Parallel()
		requirePython(t)
		f := project(t, yoloOn, afterDesign)
		assert.Equal(t, "[YOLO_MODE] feature 031-example is at create-plan; continue with /iflow:create-plan",
			f.stopDecision(t, hookRun{}))
	})
}

// jsonQuote is s as a JSON string literal.
func jsonQuote(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return string(b)
}

// TestSessionStartSameForEveryEntryPoint: a headless run (claude -p, the
// Agent SDK) waits for background subagents and delivers their
// notifications as an interactive session does (recorded on 2.1.330 and
// 2.1.332; plugin-src/scenarios/iflow/protocol-headless-continue.yaml), so
// the hook gives every entry point the same context: no headless switch
// that would stop review loops continuing their reviewers.
func TestSessionStartSameForEveryEntryPoint(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "proj", true)
	var first string
	for i, env := range [][]string{
		nil,
		{"CLAUDE_CODE_ENTRYPOINT=cli"},
		{"CLAUDE_CODE_ENTRYPOINT=sdk-cli"},
		{"CLAUDE_CODE_ENTRYPOINT=sdk-ts"},
		{"CLAUDE_CODE_ENTRYPOINT=sdk-py"},
		{"CLAUDE_CODE_ENTRYPOINT=sdk-cli", "CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1"},
	} {
		res := f.run(t, hookRun{script: "session-start.sh", env: env,
			input: input(t, "SessionStart", f.root, map[string]any{"source": "startup"})})
		ctx := sessionContext(t, res)
		assert.NotContains(t, ctx, "headless", "env %v", env)
		assert.NotContains(t, ctx, "never continue", "env %v", env)
		if i == 0 {
			first = ctx
			require.Contains(t, first, "iflow_artifacts_root:")
			continue
		}
		assert.Equal(t, first, ctx, "env %v", env)
	}
}

// ---------------------------------------------------------------------------
// cleanup-locks.sh

func TestCleanupLocks(t *testing.T) {
	t.Parallel()
	old := time.Now().Add(-20 * time.Minute)
	lock := func(t *testing.T, f *fixture, artifacts, name string, mtime time.Time) string {
		t.Helper()
		dir := filepath.Join(f.root, artifacts, "features", name, ".meta.json.lock")
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.Chtimes(dir, mtime, mtime))
		return dir
	}
	run := func(t *testing.T, f *fixture, r hookRun) {
		t.Helper()
		r.script = "cleanup-locks.sh"
		r.input = input(t, "SessionStart", f.root, map[string]any{"source": "startup"})
		res := f.run(t, r)
		assert.Equal(t, 0, res.code)
		assert.Empty(t, res.stdout, "cleanup-locks.sh must be silent")
		assert.Empty(t, res.stderr, "cleanup-locks.sh must be silent")
	}

	t.Run("stale and fresh locks", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "my project", true)
		f.feature(t, "docs", "031-example", map[string]any{})
		f.feature(t, "docs", "032-other", map[string]any{})
		stale := lock(t, f, "docs", "031-example", old)
		fresh := lock(t, f, "docs", "032-other", time.Now().Add(-2*time.Minute))
		run(t, f, hookRun{})
		assert.NoDirExists(t, stale)
		assert.DirExists(t, fresh)
		assert.FileExists(t, filepath.Join(f.root, "docs", "features", "031-example", ".meta.json"))
	})
	t.Run("custom artifacts root with spaces, no git", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "my project", false)
		f.config(t, "artifacts_root: \"my docs\"\n")
		stale := lock(t, f, "my docs", "031-example", old)
		other := lock(t, f, "docs", "031-example", old) // not the configured root
		elsewhere := filepath.Join(f.base, "elsewhere")
		require.NoError(t, os.MkdirAll(elsewhere, 0o755))
		run(t, f, hookRun{dir: elsewhere})
		assert.NoDirExists(t, stale)
		assert.DirExists(t, other)
	})
	t.Run("no features directory", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", true)
		run(t, f, hookRun{})
	})
	t.Run("not a project at all", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, "proj", false)
		run(t, f, hookRun{projectDir: filepath.Join(f.base, "missing")})
	})
}
