package harness

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/schemas"
)

// SchemaName is the JSON Schema every scenario file is checked against.
const SchemaName = "scenario.schema.json"

// Scenario is one scripted run of a plugin in the CLI.
type Scenario struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	// Prompt is what the user types: a slash command or text.
	Prompt string `yaml:"prompt"`
	// Modes limits the scenario to print or interactive runs; empty
	// means both.
	Modes []string          `yaml:"modes"`
	Env   map[string]string `yaml:"env"`
	// Args are extra CLI arguments (e.g. --allowedTools).
	Args []string `yaml:"args"`
	// Files are written into the project before the run.
	Files map[string]string `yaml:"files"`
	// Changes are written after the project's first commit: the edits a
	// user has not committed yet.
	Changes map[string]string `yaml:"changes"`
	// Unscripted is what a request no turn fits gets: fail (default) or end.
	Unscripted string `yaml:"unscripted"`
	Turns      []Turn `yaml:"turns"`
	Expect     Expect `yaml:"expect"`

	Path string `yaml:"-"` // the file it was read from
}

// Turn is one answer of the scripted model.
type Turn struct {
	// Agent is who asks: "main" (the default) or a subagent type as
	// spawned, e.g. "iflow:spec-reviewer".
	Agent string   `yaml:"agent"`
	When  *Match   `yaml:"when"`
	Reply []Action `yaml:"reply"`
	Line  int      `yaml:"-"`
}

// Match narrows which request a turn answers.
type Match struct {
	Contains    []string `yaml:"contains"`     // all in the last user message
	NotContains []string `yaml:"not_contains"` // none in it
	ToolResult  string   `yaml:"tool_result"`  // in one of its tool results
	Offers      string   `yaml:"offers"`       // "Tool" or "Tool.param" is offered
	// Seen: all anywhere in the conversation so far, not only the last
	// message: "this comes after that" (see seen.go).
	Seen []string `yaml:"seen"`
}

// Action is one content block of an answer: text, or a tool call; or
// an API error in place of the whole answer.
// ${agent_id} and ${agent_id:TYPE} in a tool input are replaced by the
// agent id Claude Code reported for the last spawn (of TYPE);
// ${plugin_root} and ${project} by the run's absolute paths.
type Action struct {
	Text  string         `yaml:"text" json:"text,omitempty"`
	Tool  string         `yaml:"tool" json:"tool,omitempty"`
	Input map[string]any `yaml:"input" json:"input,omitempty"`
	// Error answers the request with a Messages API error instead (see
	// apierror.go): how a subagent's failure is produced.
	Error *APIError `yaml:"error" json:"error,omitempty"`
}

// Expect is what must hold after the run. Every field is optional.
type Expect struct {
	// Listed: names the CLI registered (print mode's system/init).
	Listed Listed `yaml:"listed"`
	// Requests: for each, some request of that actor satisfies it.
	Requests []RequestExpect `yaml:"requests"`
	// Context: texts the main thread's first request holds (hook
	// context, the expanded command).
	Context    []string `yaml:"context"`
	NotContext []string `yaml:"not_context"`
	// ToolResults: in order, each matched by a later tool result.
	ToolResults []ToolResultExpect `yaml:"tool_results"`
	// Hooks: hook runs the CLI reported (print mode).
	Hooks []HookExpect `yaml:"hooks"`
	// PermissionDenials is how many tool uses were denied (print mode).
	PermissionDenials *int                  `yaml:"permission_denials"`
	Files             map[string]FileExpect `yaml:"files"`
	End               *EndExpect            `yaml:"end"`
	// AllTurns: every scripted turn was taken (default true).
	AllTurns *bool `yaml:"all_turns"`
}

// Listed is the names the CLI must have registered, and must not have.
type Listed struct {
	Commands []string `yaml:"commands"`
	Skills   []string `yaml:"skills"`
	Agents   []string `yaml:"agents"`
	Absent   []string `yaml:"absent"`
}

// RequestExpect is what one actor's request received.
type RequestExpect struct {
	Agent    string   `yaml:"agent"`
	System   []string `yaml:"system"`    // in its system prompt
	Prompt   []string `yaml:"prompt"`    // in its first user message
	Model    string   `yaml:"model"`     // a substring of the model id
	Tools    []string `yaml:"tools"`     // offered
	NotTools []string `yaml:"not_tools"` // not offered
	Count    *int     `yaml:"count"`     // how many requests it made
}

// ToolResultExpect is one tool result the model was shown.
type ToolResultExpect struct {
	Agent    string `yaml:"agent"` // whose request showed it (default main)
	Tool     string `yaml:"tool"`  // the tool that was called
	Contains string `yaml:"contains"`
	IsError  *bool  `yaml:"is_error"`
}

// HookExpect is one hook run the CLI reported.
type HookExpect struct {
	Event    string `yaml:"event"`    // e.g. SessionStart
	Name     string `yaml:"name"`     // the CLI's hook name, e.g. SessionStart:clear (event:source)
	Outcome  string `yaml:"outcome"`  // success, error, ...
	Contains string `yaml:"contains"` // in its output
	// Absent: no hook run matches (e.g. no SessionStart:compact).
	Absent bool `yaml:"absent"`
}

// FileExpect is a file of the project after the run.
type FileExpect struct {
	Exists   *bool    `yaml:"exists"`
	Contains []string `yaml:"contains"`
}

// EndExpect is how the run ended.
type EndExpect struct {
	Subtype   string         `yaml:"subtype"` // result subtype (print mode)
	IsError   *bool          `yaml:"is_error"`
	Result    string         `yaml:"result"`    // in the final result text
	Output    string         `yaml:"output"`    // in the CLI's output (both modes)
	Subagents map[string]int `yaml:"subagents"` // subagent_stats counters, e.g. started_in_background
}

// LoadScenario reads and checks one scenario file.
func LoadScenario(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("harness: %w", err)
	}
	return ParseScenario(path, data)
}

// ParseScenario checks data against the schema and decodes it. Errors are
// *model.PosError naming the file and line.
func ParseScenario(path string, data []byte) (*Scenario, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, &model.PosError{File: path, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if len(doc.Content) == 0 {
		return nil, &model.PosError{File: path, Line: 1, Msg: "empty scenario"}
	}
	root := doc.Content[0]
	v, err := snapshot.Value(root)
	if err != nil {
		return nil, &model.PosError{File: path, Line: root.Line, Msg: err.Error()}
	}
	issues, err := schemas.Validate(SchemaName, v)
	if err != nil {
		return nil, fmt.Errorf("harness: %s: %w", path, err)
	}
	if len(issues) > 0 {
		is := issues[0]
		line := root.Line
		if n := snapshot.NodeAt(root, is.Pointer, false); n != nil {
			line = n.Line
		}
		where := is.Pointer
		if where == "" {
			where = "top level"
		}
		return nil, &model.PosError{File: path, Line: line, Msg: fmt.Sprintf("%s: %s", where, is.Message)}
	}
	var sc Scenario
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&sc); err != nil {
		return nil, &model.PosError{File: path, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	sc.Path = path
	if turns := snapshot.NodeAt(root, "/turns", false); turns != nil {
		for i, n := range turns.Content {
			if i < len(sc.Turns) {
				sc.Turns[i].Line = n.Line
			}
		}
	}
	if sc.Name == "" {
		sc.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return &sc, nil
}

// LoadScenarios reads the scenarios named: files, or directories whose
// *.yaml and *.yml files are read in name order.
func LoadScenarios(paths []string) ([]*Scenario, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("harness: %w", err)
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		var in []string
		err = filepath.WalkDir(p, func(q string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(q, ".yaml") || strings.HasSuffix(q, ".yml")) {
				in = append(in, q)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("harness: %w", err)
		}
		sort.Strings(in)
		files = append(files, in...)
	}
	var out []*Scenario
	for _, f := range files {
		sc, err := LoadScenario(f)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// runsIn reports whether the scenario runs in mode.
func (s *Scenario) runsIn(mode string) bool {
	if len(s.Modes) == 0 {
		return true
	}
	for _, m := range s.Modes {
		if m == mode {
			return true
		}
	}
	return false
}
