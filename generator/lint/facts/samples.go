package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// codeLangs are fence info strings naming a programming language. A fence
// in one of them is program source: in a plugin's markdown that is mostly
// a sample of some other framework (an agent SDK, an orchestration
// library) whose keys happen to match Claude Code's, such as
// subagent_type. Tool-call examples for Claude Code itself are written
// bare, as text, yaml or json, or as a Task(…)/Agent(…) call, which
// InCodeSample keeps.
var codeLangs = map[string]bool{
	"python": true, "py": true, "python3": true, "pycon": true, "ipython": true,
	"typescript": true, "ts": true, "tsx": true, "javascript": true, "js": true, "jsx": true, "mjs": true, "cjs": true,
	"go": true, "golang": true, "rust": true, "rs": true, "java": true, "kotlin": true, "kt": true,
	"csharp": true, "cs": true, "c#": true, "ruby": true, "rb": true, "php": true, "swift": true, "scala": true,
	"elixir": true, "ex": true, "clojure": true, "lua": true, "dart": true, "julia": true, "r": true,
	"c": true, "cpp": true, "c++": true,
}

// callOpenRE finds the start of a Task( or Agent( call.
var callOpenRE = lazyre.New(`(?:^|[^A-Za-z0-9_.])(?:Task|Agent)\s*\(`)

// InCodeSample reports whether off lies in a fenced code block whose info
// string names a programming language, and not inside a Task(…) or
// Agent(…) call in it (the pseudo-code some plugins use to show a dispatch).
func InCodeSample(f *snapshot.File, off int) bool {
	if !f.Kind.IsMarkdown() {
		return false
	}
	for _, fe := range f.Markdown().Fences {
		if off < fe.ContentStart || off >= fe.ContentEnd {
			continue
		}
		lang := strings.ToLower(strings.Fields(fe.Info + " x")[0])
		if !codeLangs[lang] {
			return false
		}
		before := string(f.Data[fe.ContentStart:off])
		opens := callOpenRE.FindAllStringIndex(before, -1)
		if len(opens) == 0 {
			return true
		}
		tail := before[opens[len(opens)-1][0]:]
		return strings.Count(tail, "(") <= strings.Count(tail, ")")
	}
	return false
}
