package facts_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Every written form of a dispatch, in our own words: each case is a
// command body and the sites it holds as "line kind tool form [agent]",
// where agent is the subagent_type as NameKind:Name. The cases come in
// pairs: a form that is a dispatch, and the same words that are not one.
func TestDispatchSitesForms(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       []string
	}{
		{"fenced block", "```\nAgent tool call:\n  subagent_type: p:reviewer\n  prompt: |\n    Review.\n```\n",
			[]string{"2 spawn Agent block literal:reviewer"}},
		{"fenced SendMessage: block", "Start the reviewer first.\n\n```\nSendMessage:\n  to: {reviewer_id}\n  message: Here is the delta.\n```\n",
			[]string{"4 continue SendMessage block"}},
		{"a task's own fields under Task:", "```\nTask:\n  description: build the login page\n  acceptance: the form submits\n```\n", nil},
		{"fence without a head", "```\nto: {reviewer_id}\nmessage: Here is the delta.\n```\n", nil},
		{"numbered head", "```\nAgent tool call 2:\n  subagent_type: p:reviewer\n  prompt: |\n    Review.\n```\n",
			[]string{"2 spawn Agent block literal:reviewer"}},
		{"numbered task of a plan", "Task 2:\n  description: build the login page\n  acceptance: the form submits\n", nil},
		{"second numbered call in one fence", "```\nTask tool call 1:\n  subagent_type: p:scout\n  prompt: look\n\nTask tool call 2:\n  subagent_type: p:reader\n  prompt: read\n```\n",
			[]string{"2 spawn Task block literal:scout"}},
		{"list item with indented keys", "1. Round two:\n   - SendMessage:\n       to: <agent id of round one>\n       message: the delta\n",
			[]string{"2 continue SendMessage list"}},
		{"list item naming the tool only", "- SendMessage: not available to teammates in this mode\n", nil},
		{"python call", "```python\nTask(\n    description=\"review\",\n    subagent_type=\"p:reviewer\",\n    prompt=diff,\n)\n```\n",
			[]string{"2 spawn Task call literal:reviewer"}},
		{"python class of another framework", "```python\ntask = Task(description=\"review\", agent=reviewer)\n```\n", nil},
		{"js object call", "```js\nawait Agent({ subagent_type: agentType, prompt })\n```\n",
			[]string{"2 spawn Agent call variable:agentType"}},
		{"call continuing by id", "When it answers, `SendMessage(to=<agentId>, message=\"fix the two findings\")` and parse its reply.\n",
			[]string{"1 continue SendMessage call"}},
		{"call of a Win32 API in C", "```c\nSendMessage(hwnd, WM_SETTEXT, 0, text);\n```\n", nil},
		{"call sending a shutdown", "Then `SendMessage(to=\"worker-1\", message={type: \"shutdown_request\"})`.\n",
			[]string{"1 message SendMessage call"}},
		{"resume through Task", "Task({ subagent_type: \"p:fixer\", resume: agentId, prompt: \"go on\" })\n",
			[]string{"1 continue Task call literal:fixer"}},
		{"tag", "<Task description=\"scan\" subagent_type=\"p:scanner\" />\n",
			[]string{"1 spawn Task tag literal:scanner"}},
		{"tag without a type", "<Task>write the tests</Task>\n", nil},
		{"tool-call markup", "<invoke name=\"Task\">\n<parameter name=\"subagent_type\">p:scanner</parameter>\n<parameter name=\"prompt\">scan it</parameter>\n</invoke>\n",
			[]string{"1 spawn Task tag literal:scanner"}},
		{"tool-call markup resuming", "<invoke name=\"Task\">\n<parameter name=\"subagent_type\">p:scanner</parameter>\n<parameter name=\"resume\">a1b2</parameter>\n</invoke>\n",
			[]string{"1 continue Task tag literal:scanner"}},
		{"tool-call markup of another tool", "<invoke name=\"Read\">\n<parameter name=\"file_path\">x.md</parameter>\n</invoke>\n", nil},
		{"yaml key lines", "- subagent_type: p:planner\n- prompt: plan the work\n",
			[]string{"1 spawn  yaml literal:planner"}},
		{"yaml key with resume", "```yaml\nsubagent_type: p:planner\nresume: \"{planner_id}\"\n```\n",
			[]string{"2 continue  yaml literal:planner"}},
		{"key named, no value", "The subagent_type parameter picks the agent.\n", nil},
		{"prose spawn", "Use the Task tool with subagent_type='general-purpose' to explore.\n",
			[]string{"1 spawn Task prose literal:general-purpose"}},
		{"prose about a past dispatch", "You were dispatched via the Agent tool; read the brief.\n", nil},
		{"prose continuation", "If it stops with a question, answer it and continue it with SendMessage to the same agent id.\n",
			[]string{"1 continue SendMessage prose"}},
		{"prose sending to an agent the file starts", "Use the Agent tool with subagent_type='p:fixer' to fix the findings.\nThe lead then hands each finding to Fixer via SendMessage.\n",
			[]string{"1 spawn Agent prose literal:fixer", "2 continue SendMessage prose"}},
		{"prose sending to the team", "Use the Agent tool with subagent_type='p:fixer' to fix the findings.\nThe lead then hands each finding to the team via SendMessage.\n",
			[]string{"1 spawn Agent prose literal:fixer", "2 message SendMessage prose"}},
		{"prose of a report the agent sends", "Use the Agent tool with subagent_type='p:drafter' to draft the outline.\nWhen it is done, receive its outline via SendMessage from the drafter.\n",
			[]string{"1 spawn Agent prose literal:drafter", "2 message SendMessage prose"}},
		{"prose about the mechanism", "`SendMessage`-resume of a finished agent runs outside its worktree, unlike the SendMessage case above.\n", nil},
		{"prose citing a section title", "Details: see `other-skill` → \"Resuming agents: SendMessage loses the worktree\".\n", nil},
		{"prose of what agents can do", "Named subagents can take follow-up work through SendMessage.\n", nil},
		{"prose permitting the reader", "If it asks a question, you can continue it with SendMessage to its agent id.\n",
			[]string{"1 continue SendMessage prose"}},
		{"prose naming the tool in a list", "Teammates use TaskList, TaskUpdate, SendMessage.\n", nil},
		{"prose negated", "Do not use SendMessage to resume a dead child; dispatch a fresh one.\n", nil},
		{"prose team message", "Each teammate reports to the team lead via SendMessage when done.\n",
			[]string{"1 message SendMessage prose"}},
		{"prose inside a dispatch's prompt", "Agent(\n  name=\"impl\",\n  prompt=\"Build it. Use SendMessage to ask questions.\"\n)\n",
			[]string{"1 spawn Agent call"}},
		{"continuation of an agent started by name", "Agent(name=\"impl-1\", prompt=\"build\")\n\nSendMessage(to=\"impl-1\", message=\"fix the lint\")\n",
			[]string{"1 spawn Agent call", "3 continue SendMessage call"}},
		{"a name ending in id is not an id", "Then SendMessage(to=\"paid-plan-checker\", message=\"the totals\").\n",
			[]string{"1 message SendMessage call"}},
		{"named agent writing to its lead", "You are a teammate.\n\nSendMessage(to=\"lead\", message=\"done\")\n",
			[]string{"3 message SendMessage call"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := siteStrings(sitesIn(t, c.body))
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("sites of\n%s\ngot  %q\nwant %q", c.body, got, c.want)
			}
		})
	}
}

// sitesIn runs the recogniser on body as a command of a plugin "p".
func sitesIn(t *testing.T, body string) []facts.Site {
	t.Helper()
	p := snapshot.FromMemory("p", map[string][]byte{
		".claude-plugin/plugin.json": []byte(`{"name":"p"}`),
		"commands/c.md":              []byte("---\ndescription: c\n---\n" + body),
	})
	sites := facts.DispatchSites.Of(lint.Unchecked(p), p.File("commands/c.md"))
	for i := range sites {
		sites[i].Line -= 3 // the frontmatter
	}
	return sites
}

func siteStrings(sites []facts.Site) []string {
	var out []string
	for _, s := range sites {
		str := fmt.Sprintf("%d %s %s %s", s.Line, s.Kind, s.Tool, s.Form)
		if s.Agent.Kind != facts.NameNone {
			str += fmt.Sprintf(" %s:%s", s.Agent.Kind, s.Agent.Name)
		}
		out = append(out, str)
	}
	return out
}

func TestNameKindOf(t *testing.T) {
	for _, c := range []struct {
		raw    string
		inCode bool
		want   facts.NameKind
	}{
		{"reviewer", false, facts.NameLiteral},
		{`"my-plugin:reviewer"`, true, facts.NameLiteral},
		{"Explore", false, facts.NameLiteral},
		{`"Explore"`, true, facts.NameLiteral},
		{"general-purpose", true, facts.NameLiteral},
		{"reviewer", true, facts.NameVariable},
		{"agentType", false, facts.NameVariable},
		{"enhancerAgents[type]", false, facts.NameVariable},
		{"cfg.agent", false, facts.NameVariable},
		{"$AGENT", false, facts.NameVariable},
		{"`${kind}-reviewer`", true, facts.NameVariable},
		{"...", false, facts.NamePlaceholder},
		{`"…"`, true, facts.NamePlaceholder},
		{"<name>", false, facts.NamePlaceholder},
		{`"my-plugin:{agent}"`, true, facts.NamePlaceholder},
		{"[agent-name]", false, facts.NamePlaceholder},
		{"AGENT_TYPE", false, facts.NamePlaceholder},
		{`"<same agent type as before>"`, true, facts.NamePlaceholder},
		{"", false, facts.NameNone},
	} {
		if got := facts.NameKindOf(c.raw, c.inCode); got != c.want {
			t.Errorf("NameKindOf(%q, %v) = %s, want %s", c.raw, c.inCode, got, c.want)
		}
	}
}
