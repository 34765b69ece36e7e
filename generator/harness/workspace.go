package harness

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// workspace is one run's directories: a HOME of its own and a git
// project, both under one temporary root.
type workspace struct {
	root, home, project string
}

func newWorkspace(files, changes map[string]string) (*workspace, error) {
	root, err := os.MkdirTemp("", "plugforge-test-")
	if err != nil {
		return nil, fmt.Errorf("harness: %w", err)
	}
	// Resolve symlinks (macOS /var → /private/var): the CLI keys trust by
	// the real path.
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	ws := &workspace{root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "project")}
	for _, d := range []string{ws.home, ws.project, filepath.Join(root, "tmp")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("harness: %w", err)
		}
	}
	if err := ws.write(files); err != nil {
		return nil, err
	}
	if err := ws.gitInit(); err != nil {
		return nil, err
	}
	// Changes come after the first commit: what a user has not committed.
	if err := ws.write(changes); err != nil {
		return nil, err
	}
	// Onboarding done, the project trusted, the dummy key approved: what
	// an interactive session needs to reach the prompt without the
	// network (2.1.330, observed). Harmless in print mode.
	cfg := map[string]any{
		"hasCompletedOnboarding":        true,
		"bypassPermissionsModeAccepted": true,
		"customApiKeyResponses":         map[string]any{"approved": []string{apiKey[len(apiKey)-20:]}, "rejected": []string{}},
		"projects": map[string]any{ws.project: map[string]any{
			"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true, "allowedTools": []string{},
		}},
	}
	b, _ := json.MarshalIndent(cfg, "", "  ")
	if err := os.WriteFile(filepath.Join(ws.home, ".claude.json"), b, 0o644); err != nil {
		return nil, fmt.Errorf("harness: %w", err)
	}
	return ws, nil
}

// write puts files into the project, by slash-separated relative path.
func (ws *workspace) write(files map[string]string) error {
	for _, rel := range sortedKeys(files) {
		p := filepath.Join(ws.project, filepath.FromSlash(rel))
		if !strings.HasPrefix(p, ws.project+string(filepath.Separator)) {
			return fmt.Errorf("harness: file %q is outside the project", rel)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("harness: %w", err)
		}
		if err := os.WriteFile(p, []byte(files[rel]), 0o644); err != nil {
			return fmt.Errorf("harness: %w", err)
		}
	}
	return nil
}

func (ws *workspace) gitInit() error {
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"},
		{"add", "-A"},
		{"-c", "user.name=plugforge", "-c", "user.email=test@plugforge.invalid", "commit", "-q", "--allow-empty", "-m", "scenario start"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = ws.project
		cmd.Env = append(os.Environ(), "HOME="+ws.home, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("harness: git %s: %v: %s", args[0], err, out)
		}
	}
	return nil
}

// env is the CLI's whole environment: nothing of the caller's but PATH,
// locale and temp dir, so a run inside another Claude Code session (or a
// CI with API keys) sees exactly what a fresh user's would.
func (ws *workspace) env(baseURL string, extra map[string]string) []string {
	env := []string{
		"HOME=" + ws.home,
		"PATH=" + os.Getenv("PATH"),
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
		"ANTHROPIC_BASE_URL=" + baseURL,
		"ANTHROPIC_API_KEY=" + apiKey,
		"DISABLE_AUTOUPDATER=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"IS_SANDBOX=1", // bypassPermissions as root needs it (2.1.330)
		"GIT_AUTHOR_NAME=plugforge", "GIT_AUTHOR_EMAIL=test@plugforge.invalid",
		"GIT_COMMITTER_NAME=plugforge", "GIT_COMMITTER_EMAIL=test@plugforge.invalid",
		// The CLI keeps subagent transcripts under its temp dir: inside
		// the run's root, so nothing outside it changes.
		"TMPDIR=" + filepath.Join(ws.root, "tmp"),
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	sortStrings(keys)
	for _, k := range keys {
		env = append(env, k+"="+extra[k])
	}
	return env
}
