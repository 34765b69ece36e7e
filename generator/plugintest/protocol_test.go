package plugintest

import (
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The conformance test of the dispatch protocol. It takes each result a
// subagent dispatch can get, as Claude Code prints it, and checks every
// dispatch site of every rendered command and skill: the file's "Subagent
// results" section must recognise the text as some form, and the site's
// collect step must send that form down the branch the text calls for.
//
// The texts are Claude Code's own, taken from the strings of the 2.1.330
// binary and ../shared/reference/claude-code-formats.md §11 (agent ids and
// report bodies made up). They are written here, not read from
// generator/model, so a protocol that drifts from them fails.

type call int

const (
	spawn call = iota
	cont
)

// result is one printed result and the branch each call must take for it.
type result struct {
	name   string
	text   string
	calls  []call
	branch string // "take", "wait", "fail" or "fail-off"
}

var agentResults = []result{
	{"foreground spawn report", "Spec reviewed: 2 issues.\n{\"approved\": false, \"issues\": []}\nagentId: a3f9c1 (use SendMessage with to: 'a3f9c1', summary: '<5-10 word recap>' to continue this agent)\n<usage>subagent_tokens: 5120\ntool_uses: 4\nduration_ms: 30210</usage>",
		[]call{spawn}, "take"},
	{"async launch", "Async agent launched successfully. (This tool result is internal metadata — never quote or paste any part of it, including the agentId below, into a user-facing reply.)\nagentId: a3f9c1 (internal ID - do not mention to user. Use SendMessage with to: 'a3f9c1', summary: '<5-10 word recap>' to continue this agent.)\nThe agent is working in the background. You will be notified automatically when it completes.",
		[]call{spawn}, "wait"},
	{"waiting at a permission prompt", "The agent has not finished. It is waiting for the user to answer a permission request that is shown in the chat. What needs the permission has not run.\nagentId: a3f9c1 (internal ID, not shown to the user)",
		[]call{spawn, cont}, "wait"},
	{"completed notification", "<task-notification>\n<task-id>a3f9c1</task-id>\n<status>completed</status>\n<summary>Agent \"Review spec quality\" finished</summary>\n<result>{\"approved\": true, \"issues\": [], \"summary\": \"ok\"}</result>\n</task-notification>",
		[]call{spawn, cont}, "take"},
	{"interim notification", "<task-notification>\n<task-id>a3f9c1</task-id>\n<status>completed</status>\n<summary>Agent \"Review spec quality\" is waiting on its own background work</summary>\n</task-notification>",
		[]call{spawn, cont}, "wait"},
	{"turn-limit notification", "<task-notification>\n<task-id>a3f9c1</task-id>\n<status>completed</status>\n<summary>Agent \"Review spec quality\" stopped at its 40-turn limit (partial result)</summary>\n<result>I read spec.md and</result>\n</task-notification>",
		[]call{spawn, cont}, "fail"},
	{"failed notification", "<task-notification>\n<task-id>a3f9c1</task-id>\n<status>failed</status>\n<summary>Agent \"Review spec quality\" failed: Overloaded</summary>\n</task-notification>",
		[]call{spawn, cont}, "fail"},
	{"killed notification", "<task-notification>\n<task-id>a3f9c1</task-id>\n<status>killed</status>\n<summary>Agent \"Review spec quality\" was stopped by user</summary>\n</task-notification>",
		[]call{spawn, cont}, "fail"},
	{"concurrency limit", "<tool_use_error>Concurrent subagent limit reached. You can run 4 subagents at once. Do not retry.</tool_use_error>",
		[]call{spawn, cont}, "fail"},
	{"continuation acknowledged", "Resumed agent. Its final report is not in this message.",
		[]call{cont}, "wait"},
	{"continuation reported inline", "Resumed agent. Its final report follows this JSON, framed by the harness.\n{\"approved\": true, \"issues\": [], \"summary\": \"ok\"}",
		[]call{cont}, "take"},
	{"not resumed, old report replayed", "Agent was not resumed, and your message was not delivered. A further message to it will try to resume the agent. Its final report, read from its saved transcript, follows this JSON, framed by the harness.\n{\"approved\": false, \"issues\": [{\"severity\": \"blocker\"}]}",
		[]call{cont}, "fail"},
	{"not resumed, no report", "Agent was not resumed, and your message was not delivered. A further message to it will try to resume the agent. Its final report is not in this message.",
		[]call{cont}, "fail"},
	{"SendMessage missing", "<tool_use_error>Error: No such tool available: SendMessage. SendMessage is not among the tools available here. Continue with the tools you have.</tool_use_error>",
		[]call{cont}, "fail-off"},
	{"SendMessage disabled", "<tool_use_error>Error: No such tool available: SendMessage. SendMessage is disabled for this session, in subagents as well as here.</tool_use_error>",
		[]call{cont}, "fail-off"},
}

// The classic build targets Claude Code 2.0.28 to 2.1.76, where every Task
// call blocks and returns the report or an error.
var taskResults = []result{
	{"Task report", "{\"approved\": true, \"issues\": [], \"summary\": \"ok\"}\nagentId: 5c1e2d", []call{spawn, cont}, "take"},
	{"Task error", "<tool_use_error>Error: 400 tool_use ids were found without tool_result blocks</tool_use_error>", []call{spawn, cont}, "fail"},
}

// branchWords is how a collect step words each branch, per call.
func branchMatches(branch string, c call, text string) bool {
	switch branch {
	case "take":
		return strings.Contains(text, "go on with it")
	case "wait":
		return strings.Contains(text, "wait for its notification")
	case "fail":
		if c == cont {
			return strings.Contains(text, "I3 fallback") && !strings.Contains(text, "continuation = off")
		}
		return strings.Contains(text, "fresh dispatch once more")
	case "fail-off":
		return c == cont && strings.Contains(text, "I3 fallback") && strings.Contains(text, "`continuation = off`")
	}
	return false
}

// form is one bullet of a "Result forms" list: its name and the quoted
// fragments a printed result is recognised by.
type form struct {
	name  string
	frags []string
}

var (
	formLineRE = regexp.MustCompile("^- `([^`]+)`: (.*)$")
	// Double quotes hold Claude Code's own words; backticks mark structure.
	quotedRE    = regexp.MustCompile(`"([^"]+)"`)
	collectRE   = regexp.MustCompile(`^\*\*Collect the result\*\* of .*?( \(continuation\))?:$`)
	collectLine = regexp.MustCompile("^- (`[^→]+`) → (.*)$")
	// A dispatch: a spawn or continuation block, or prose naming the spawn tool.
	blockRE = regexp.MustCompile("^(Agent|Task|SendMessage) tool call:$")
	proseRE = regexp.MustCompile("with the `(Agent|Task)` tool")
)

// resultForms parses the file's "Subagent results" section.
func resultForms(t *testing.T, path, text string) []form {
	t.Helper()
	require.Equal(t, 1, strings.Count(text, "\n## Subagent results\n"), "%s: one Subagent results section", path)
	sec := text[strings.Index(text, "\n## Subagent results\n"):]
	sec = sec[strings.Index(sec, "**Result forms**"):]
	var forms []form
	for _, l := range strings.Split(sec, "\n")[1:] {
		m := formLineRE.FindStringSubmatch(l)
		if m == nil {
			break
		}
		looks, _, _ := strings.Cut(m[2], " Note: ")
		f := form{name: m[1]}
		for _, q := range quotedRE.FindAllStringSubmatch(looks, -1) {
			f.frags = append(f.frags, q[1])
		}
		forms = append(forms, f)
	}
	require.NotEmpty(t, forms, "%s: no result forms", path)
	return forms
}

// recognise is the form a printed text is, by the section's rule: the
// first form that fits, a form without fragments fitting anything.
func recognise(forms []form, text string) string {
	for _, f := range forms {
		if len(f.frags) == 0 {
			return f.name
		}
		for _, q := range f.frags {
			if strings.Contains(text, q) {
				return f.name
			}
		}
	}
	return ""
}

// site is one dispatch and the collect step that follows it.
type site struct {
	line    int  // of the dispatch
	cont    bool // the dispatch continues a subagent
	collect map[string]string
	header  string
}

// sites pairs every dispatch in text with the next collect step; a file
// may also collect after a dispatch it only refers to (the I3 fallback).
func sites(t *testing.T, path, text string) []site {
	t.Helper()
	lines := strings.Split(text, "\n")
	// The Subagent results section describes the tools; it dispatches nothing.
	if i := strings.Index(text, "\n## Subagent results\n"); i >= 0 {
		from := strings.Count(text[:i], "\n") + 1
		to := from + 1
		for to < len(lines) && !strings.HasPrefix(lines[to], "## ") {
			to++
		}
		for k := from; k < to; k++ {
			lines[k] = ""
		}
	}
	var out []site
	var open *site
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		isBlock := blockRE.MatchString(l)
		if isBlock || proseRE.MatchString(l) {
			if open != nil {
				t.Errorf("%s:%d: dispatch without a collect step before the next dispatch at line %d", path, open.line, i+1)
			}
			cont := l == "SendMessage tool call:" || (isBlock && i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "resume:"))
			open = &site{line: i + 1, cont: cont}
			continue
		}
		m := collectRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		s := site{cont: m[1] != "", collect: map[string]string{}, header: l}
		if open != nil {
			s.line = open.line
			if open.cont != s.cont {
				t.Errorf("%s:%d: the collect step at line %d says continuation=%v, the dispatch is continuation=%v", path, open.line, i+1, s.cont, open.cont)
			}
			open = nil
		} else {
			s.line = i + 1 // a collect after a dispatch named in prose above (I3)
		}
		for j := i + 1; j < len(lines) && collectLine.MatchString(lines[j]); j++ {
			c := collectLine.FindStringSubmatch(lines[j])
			for _, name := range strings.Split(c[1], ", ") {
				s.collect[strings.Trim(name, "`")] = c[2]
			}
		}
		out = append(out, s)
	}
	if open != nil {
		t.Errorf("%s:%d: dispatch without a collect step", path, open.line)
	}
	return out
}

func TestDispatchProtocolConformance(t *testing.T) {
	for _, v := range []struct {
		dir     string
		results []result
		minimum int // collect steps, so an empty parse cannot pass
	}{
		{"iflow", agentResults, 40},
		{"iflow-classic", taskResults, 40},
	} {
		t.Run(v.dir, func(t *testing.T) {
			inv := readVariant(t, filepath.Join(repoRoot(t), "dist", v.dir))
			total := 0
			for _, path := range slices.Sorted(maps.Keys(inv.markdown)) {
				text := inv.markdown[path]
				if !strings.Contains(text, "**Collect the result**") && !blockRE.MatchString(firstDispatch(text)) {
					continue
				}
				forms := resultForms(t, path, text)
				for _, s := range sites(t, path, text) {
					total++
					c := spawn
					if s.cont {
						c = cont
					}
					for _, r := range v.results {
						if !answers(r, c) {
							continue
						}
						name := recognise(forms, r.text)
						if !assert.NotEmpty(t, name, "%s: no result form recognises the %s", path, r.name) {
							continue
						}
						branch, ok := s.collect[name]
						if !assert.True(t, ok, "%s:%d: the collect step does not name form %q (%s)", path, s.line, name, r.name) {
							continue
						}
						assert.True(t, branchMatches(r.branch, c, branch), "%s:%d: %s is form %q, sent to %q; want the %s branch", path, s.line, r.name, name, branch, r.branch)
					}
				}
			}
			assert.GreaterOrEqual(t, total, v.minimum, "collect steps found")
		})
	}
}

func answers(r result, c call) bool {
	for _, x := range r.calls {
		if x == c {
			return true
		}
	}
	return false
}

// firstDispatch is the first line that opens a dispatch block, if any.
func firstDispatch(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if blockRE.MatchString(l) {
			return l
		}
	}
	return ""
}
