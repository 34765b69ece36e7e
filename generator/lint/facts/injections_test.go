package facts

import "testing"

func TestGuardedCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		`test -x ${CLAUDE_PLUGIN_ROOT}/bin/analyze && echo "✓" || echo "✗"`:       true,
		`bash ${CLAUDE_PLUGIN_ROOT}/scripts/build.sh 2>&1 || echo "BUILD_FAILED"`: true,
		`cat ${CLAUDE_PLUGIN_ROOT}/notes.md || true`:                              true,
		`bash ${CLAUDE_PLUGIN_ROOT}/scripts/build.sh`:                             false,
		`echo "a || echo b" && bash x.sh`:                                         false, // the || is quoted
		`bash x.sh || bash y.sh`:                                                  false, // the fallback can fail too
		`bash x.sh | grep ok`:                                                     false,
	} {
		if got := guardedCommand(cmd); got != want {
			t.Errorf("guardedCommand(%q) = %v, want %v", cmd, got, want)
		}
	}
}
