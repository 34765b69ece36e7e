package synth

// Word lists for names and prose. Nothing here may contain "{{", which
// plugin-src would read as a template action.

var verbs = []string{
	"review", "plan", "design", "build", "check", "verify", "draft", "ship", "audit", "refactor",
	"test", "deploy", "index", "sync", "merge", "triage", "profile", "document", "migrate", "scan",
}

var gerunds = []string{
	"reviewing", "planning", "designing", "building", "checking", "verifying", "drafting", "shipping",
	"auditing", "refactoring", "testing", "deploying", "indexing", "syncing", "merging", "triaging",
}

var nouns = []string{
	"spec", "plan", "task", "feature", "module", "schema", "release", "branch", "commit", "issue",
	"service", "api", "query", "cache", "config", "report", "session", "budget", "index", "graph",
}

var roles = []string{
	"reviewer", "explorer", "researcher", "implementer", "planner", "auditor", "tester", "writer",
}

var models = []string{"sonnet", "opus", "haiku", "inherit"}

var prose = []string{
	"the", "a", "each", "every", "agent", "command", "skill", "feature", "review", "plan", "task",
	"must", "should", "never", "always", "before", "after", "when", "then", "file", "files",
	"change", "changes", "test", "tests", "write", "read", "check", "report", "user", "asks",
	"returns", "result", "results", "with", "without", "into", "from", "only", "state", "phase",
	"artifact", "design", "spec", "scope", "risk", "issue", "issues", "step", "steps", "context",
	"prompt", "subagent", "output", "input", "clear", "short", "complete", "missing", "stale",
	"section", "heading", "list", "code", "diff", "commit", "branch", "history", "summary", "next",
	"repository", "workflow", "session", "stage", "validate", "confirm", "explain", "keep", "drop",
}

var shell = []string{
	`root="${CLAUDE_PLUGIN_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}"`,
	`state_dir="${XDG_STATE_HOME:-$HOME/.local/state}/synth"`,
	`mkdir -p "$state_dir"`,
	`if [ -f "$state_dir/lock" ]; then exit 0; fi`,
	`git status --porcelain | head -n 20`,
	`find . -name '*.md' -newer "$state_dir/stamp" -print`,
	`jq -r '.tool_input.command // empty' < /dev/stdin`,
	`printf '%s\n' "checked $(date -u +%Y-%m-%d)"`,
	`grep -rn "TODO" --include='*.go' . || true`,
	`for f in "$state_dir"/*.json; do [ -e "$f" ] || continue; echo "$f"; done`,
	`test -n "${CI:-}" && echo "running in CI"`,
	`echo "::notice::review the plan before you build"`,
}
