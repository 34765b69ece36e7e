package cliview

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
)

// ErrNotInstalled is returned by Find when no Claude Code binary is found.
var ErrNotInstalled = errors.New("claude code is not installed: run `make tools` or set PLUGFORGE_CLAUDE")

// InstalledPath is where `make tools` puts the pinned CLI, relative to the
// repository root.
const InstalledPath = ".tools/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude"

// Find locates the CLI: $PLUGFORGE_CLAUDE, else the copy `make tools`
// installs under root, else claude on PATH. The order puts the pinned copy
// before whatever release a developer happens to have on PATH.
func Find(root string) (string, error) {
	if p := os.Getenv("PLUGFORGE_CLAUDE"); p != "" {
		return p, nil
	}
	if root != "" {
		local := filepath.Join(root, InstalledPath)
		if info, err := os.Stat(local); err == nil && !info.IsDir() {
			return local, nil
		}
	}
	if p, err := exec.LookPath("claude"); err == nil {
		return p, nil
	}
	return "", ErrNotInstalled
}
