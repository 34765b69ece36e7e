package formrec

import (
	"regexp"
	"strings"
)

// What changes from run to run in a printed text, and what stands for it
// in a recording.
var (
	agentIDRe  = regexp.MustCompile(`\ba[0-9a-f]{16}\b`)
	runRootRe  = regexp.MustCompile(`/[^\s"<>]*?plugforge-test-[0-9]+`)
	runKeyRe   = regexp.MustCompile(`-[^\s"<>/]*?plugforge-test-[0-9]+-project`)
	uuidRe     = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	toolUseRe  = regexp.MustCompile(`toolu_[A-Za-z0-9_]+`)
	refRe      = regexp.MustCompile(`"ref":"[0-9a-f]+"`)
	durationRe = regexp.MustCompile(`(duration_ms>|duration_ms: )[0-9]+`)
	uidDirRe   = regexp.MustCompile(`/claude-[0-9]+/`) // the CLI's temp dir is per user id
)

// Normalise replaces what differs between runs of the same CLI (agent ids
// and their 7-character short forms, the run's temporary paths, session
// ids, tool-use ids, pin refs, durations) with fixed placeholders, so two
// recordings of one version are byte-equal and a diff shows only what the
// CLI changed.
func Normalise(s string) string {
	for _, id := range agentIDRe.FindAllString(s, -1) {
		s = strings.ReplaceAll(s, id, "<agent-id>")
		s = regexp.MustCompile(`\b`+id[:7]+`\b`).ReplaceAllString(s, "<agent-id-7>")
	}
	s = runKeyRe.ReplaceAllString(s, "-<run>-project")
	s = runRootRe.ReplaceAllString(s, "<run>")
	s = uidDirRe.ReplaceAllString(s, "/claude-<uid>/")
	s = uuidRe.ReplaceAllString(s, "<session-id>")
	s = toolUseRe.ReplaceAllString(s, "<tool-use-id>")
	s = refRe.ReplaceAllString(s, `"ref":"<ref>"`)
	s = durationRe.ReplaceAllString(s, "${1}<ms>")
	return s
}
