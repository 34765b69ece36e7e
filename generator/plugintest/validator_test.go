package plugintest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// officialValidator finds Claude Code's binary: $PLUGFORGE_CLAUDE, the copy
// `make validate` installs, or claude on PATH.
func officialValidator(t *testing.T, root string) string {
	if p := os.Getenv("PLUGFORGE_CLAUDE"); p != "" {
		return p
	}
	local := filepath.Join(root, ".tools/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")
	if _, err := os.Stat(local); err == nil {
		return local
	}
	if p, err := exec.LookPath("claude"); err == nil {
		return p
	}
	t.Skip("Claude Code is not installed: run `make validate` (or set PLUGFORGE_CLAUDE) to run this test")
	return ""
}

// TestOfficialValidatorStrict: `claude plugin validate --strict` passes with
// no errors and no warnings on every variant and on the repository's
// marketplace.
func TestOfficialValidatorStrict(t *testing.T) {
	root := repoRoot(t)
	bin := officialValidator(t, root)
	targets := []string{filepath.Join(root, "dist/iflow"), filepath.Join(root, "dist/iflow-classic"), root}
	for _, target := range targets {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		// Text mode: --json only exists in newer releases than some users run.
		cmd := exec.CommandContext(ctx, bin, "plugin", "validate", "--strict", target)
		cmd.Env = append(os.Environ(), "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		cancel()
		require.NoError(t, err, "%s: validate failed:\n%s", target, out)
		text := string(out)
		assert.Contains(t, text, "Validation passed", target)
		assert.NotContains(t, text, "with warnings", target)
		assert.NotContains(t, text, "⚠", "%s:\n%s", target, text)
		assert.NotContains(t, text, "✘", "%s:\n%s", target, text)
	}
}
