package harness

import (
	"os"
	"os/exec"
	"strings"
	"sync"
)

// helpText caches each CLI binary's --help, so a run asks for an option
// only where that release has it: --include-hook-events (which reports
// Stop and tool hooks in stream-json) is unknown to 2.1.76, which then
// refuses to start.
var helpText sync.Map // binary path → string

// supports reports whether the CLI's --help lists option.
func supports(claude, option string) bool {
	if v, ok := helpText.Load(claude); ok {
		return strings.Contains(v.(string), option)
	}
	cmd := exec.Command(claude, "--help")
	cmd.Env = append(os.Environ(), "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1")
	out, _ := cmd.CombinedOutput()
	helpText.Store(claude, string(out))
	return strings.Contains(string(out), option)
}
