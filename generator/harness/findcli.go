package harness

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/cliview"
)

// FindCLI picks the Claude Code CLI: explicit if given (plugforge test
// --claude), else cliview.Find's search ($PLUGFORGE_CLAUDE, the copy
// `make tools` installs under root, claude on PATH).
func FindCLI(explicit, root string) (string, error) {
	if explicit == "" {
		return cliview.Find(root)
	}
	if st, err := os.Stat(explicit); err != nil || st.IsDir() {
		return "", fmt.Errorf("--claude %s: no such file", explicit)
	}
	return filepath.Abs(explicit)
}
