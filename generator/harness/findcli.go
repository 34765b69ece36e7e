package harness

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// LocalCLI is where `make tools` installs the pinned CLI, relative to the
// repository root.
const LocalCLI = ".tools/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude"

// FindCLI picks the Claude Code CLI: explicit if given, then
// $PLUGFORGE_CLAUDE, then LocalCLI under root, then claude on PATH.
func FindCLI(explicit, root string) (string, error) {
	if explicit != "" {
		if st, err := os.Stat(explicit); err != nil || st.IsDir() {
			return "", fmt.Errorf("--claude %s: no such file", explicit)
		}
		return filepath.Abs(explicit)
	}
	for _, c := range []string{os.Getenv("PLUGFORGE_CLAUDE"), filepath.Join(root, LocalCLI)} {
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
	return "", fmt.Errorf("no Claude Code CLI: pass --claude PATH, set PLUGFORGE_CLAUDE, or run `make tools`")
}
