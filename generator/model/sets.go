package model

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// The closed sets below follow Claude Code 2.1.328 (see
// ../shared/reference/claude-code-formats.md §8). They are exported so the
// linter checks other people's plugins against the same lists.

// AgentModels are the model aliases an agent or dispatch may name: the
// alias list of Claude Code 2.1.330 (sonnet, opus, haiku, fable, best,
// opusplan) plus inherit and default, which its model check also accepts.
var AgentModels = []string{"sonnet", "opus", "haiku", "fable", "best", "opusplan", "inherit", "default"}

// fullModelID accepts pinned model ids such as claude-sonnet-4-5-20250929,
// and the provider forms (us.anthropic.claude-…) Claude Code also reads.
var fullModelID = lazyre.New(`^(?:(?:[a-z-]+\.)?anthropic\.)?claude-[a-z0-9.-]+$`)

// IsAgentModel reports whether s is a model Claude Code accepts for an
// agent. Like 2.1.330 it ignores case, surrounding space and a trailing
// "[1m]" (the 1M-context variant, e.g. "sonnet[1m]").
func IsAgentModel(s string) bool {
	s = strings.TrimSpace(strings.ToLower(s))
	s = strings.TrimSuffix(s, "[1m]")
	for _, m := range AgentModels {
		if s == m {
			return true
		}
	}
	return fullModelID.MatchString(s)
}

// ToolNames are Claude Code's built-in tools. MCP tools (mcp__server__tool)
// are accepted separately.
var ToolNames = []string{
	"Agent", "AskUserQuestion", "Bash", "BashOutput", "Edit", "EnterPlanMode", "ExitPlanMode",
	"Glob", "Grep", "KillShell", "LS", "LSP", "ListMcpResourcesTool", "MultiEdit", "NotebookEdit",
	"NotebookRead", "Read", "ReadMcpResourceTool", "SendMessage", "Skill", "SlashCommand", "Task",
	"TaskCreate", "TaskGet", "TaskList", "TaskOutput", "TaskStop", "TaskUpdate", "TodoWrite",
	"WebFetch", "WebSearch", "Write",
}

var mcpTool = lazyre.New(`^mcp__[A-Za-z0-9_-]+(__[A-Za-z0-9_*-]+)?$`)

// IsToolName reports whether s names a tool, optionally with a permission
// rule in parentheses such as Bash(git:*) or Agent(reviewer).
func IsToolName(s string) bool {
	base := s
	if i := strings.IndexByte(s, '('); i > 0 && strings.HasSuffix(s, ")") {
		base = s[:i]
	}
	for _, t := range ToolNames {
		if base == t {
			return true
		}
	}
	return mcpTool.MatchString(base)
}

// HookEvents lists every hook event 2.1.328 accepts, in the order Claude
// Code documents them; hooks.json is rendered in this order.
var HookEvents = []string{
	"SessionStart", "Setup", "UserPromptSubmit", "UserPromptExpansion", "PreToolUse",
	"PermissionRequest", "PermissionDenied", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
	"Notification", "SubagentStart", "SubagentStop", "Stop", "StopFailure", "TeammateIdle",
	"TaskCreated", "TaskCompleted", "PreCompact", "PostCompact", "SessionEnd", "ConfigChange",
	"DirectoryAdded", "FileChanged", "CwdChanged", "InstructionsLoaded", "WorktreeCreate",
	"WorktreeRemove", "Elicitation", "ElicitationResult", "MessageDisplay",
}

// EventsWithoutMatcher ignore a matcher silently, so one there is a mistake.
var EventsWithoutMatcher = map[string]bool{
	"UserPromptSubmit": true, "PostToolBatch": true, "Stop": true, "TeammateIdle": true,
	"TaskCreated": true, "TaskCompleted": true, "WorktreeCreate": true, "WorktreeRemove": true,
	"MessageDisplay": true, "CwdChanged": true,
}

// EventMatcherValues lists, for events whose matcher is a closed vocabulary,
// the values Claude Code sends.
var EventMatcherValues = map[string][]string{
	"SessionStart": {"startup", "resume", "clear", "compact", "fork"},
	"Setup":        {"init", "maintenance"},
	"SessionEnd":   {"clear", "resume", "logout", "prompt_input_exit", "other"},
	"PreCompact":   {"manual", "auto"},
	"PostCompact":  {"manual", "auto"},
}

// HandlerTypes are the hook handler kinds.
var HandlerTypes = []string{"command", "http", "mcp_tool", "prompt", "agent"}

// Colors are the agent colours Claude Code renders.
var Colors = []string{"red", "blue", "green", "yellow", "purple", "orange", "pink", "cyan"}

// Model is a validated agent or dispatch model.
type Model string

func (m *Model) UnmarshalYAML(n *yaml.Node) error {
	v, err := closedSet(n, "model", AgentModels, fullModelID.MatchString)
	*m = Model(v)
	return err
}

// Tool is a validated tool name.
type Tool string

func (t *Tool) UnmarshalYAML(n *yaml.Node) error {
	v, err := closedSet(n, "tool", ToolNames, IsToolName)
	*t = Tool(v)
	return err
}

// Color is a validated agent colour.
type Color string

func (c *Color) UnmarshalYAML(n *yaml.Node) error {
	v, err := closedSet(n, "color", Colors, nil)
	*c = Color(v)
	return err
}

// HookEvent is a validated hook event name.
type HookEvent string

func (e *HookEvent) UnmarshalYAML(n *yaml.Node) error {
	v, err := closedSet(n, "hook event", HookEvents, nil)
	*e = HookEvent(v)
	return err
}

// HandlerType is a validated hook handler type.
type HandlerType string

func (h *HandlerType) UnmarshalYAML(n *yaml.Node) error {
	v, err := closedSet(n, "hook handler type", HandlerTypes, nil)
	*h = HandlerType(v)
	return err
}
