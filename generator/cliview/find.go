package cliview

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
)

// ErrNotInstalled is returned by Find when no Claude Code binary is found.
var ErrNotInstalled = errors.New("no Claude Code CLI: pass --claude PATH, set PLUGFORGE_CLAUDE, or run `make tools`")

// InstalledPath is where `make tools` puts the pinned CLI, relative to the
// repository root.
const InstalledPath = ".tools/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude"

// Find locates the CLI: $PLUGFORGE_CLAUDE, else the copy `make tools`
// installs under root, else claude on PATH. The order puts the pinned copy
// before whatever release a developer happens to have on PATH. Paths come
// back absolute, since runs start the CLI from a directory of their own.
// It is the one search every caller uses (the listing, the harness,
// plugforge test).
func Find(root string) (string, error) {
	for _, c := range []string{os.Getenv("PLUGFORGE_CLAUDE"), localCLI(root)} {
		if c == "" {
			continue
		}
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return filepath.Abs(c)
		}
	}
	if p, err := exec.LookPath("claude"); err == nil {
		return p, nil
	}
	return "", ErrNotInstalled
}

func localCLI(root string) string {
	if root == "" {
		return ""
	}
	return filepath.Join(root, InstalledPath)
}
