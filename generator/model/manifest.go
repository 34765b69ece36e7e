package model

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Manifest is plugin-src/plugin.yaml: what the rendered plugin.json says,
// the variants to build, and the budgets the build enforces.
//
// Fields tagged pf:"typed" are required unless Output.Exact is set: a
// hand-written plugin.json may lack them, and an imported plugin must
// build back without them (generator/source enforces the rule).
type Manifest struct {
	Name        string    `yaml:"name" pf:"required"`
	Version     string    `yaml:"version" pf:"typed"`
	Description string    `yaml:"description" pf:"typed"`
	Author      *Author   `yaml:"author" pf:"typed"`
	Homepage    string    `yaml:"homepage,omitempty"`
	Repository  string    `yaml:"repository,omitempty"`
	License     string    `yaml:"license" pf:"typed"`
	Keywords    []string  `yaml:"keywords,omitempty"`
	Variants    []Variant `yaml:"variants" pf:"required"`
	Budgets     Budgets   `yaml:"budgets,omitempty"`
	// Marketplace, when set, makes build write .claude-plugin/marketplace.json
	// beside dist/ listing every variant, so the repository installs directly.
	Marketplace *Marketplace `yaml:"marketplace,omitempty"`
	// Output says how files are written (exact copies, marker lines).
	Output Output `yaml:"output,omitempty"`
	// PluginJSON, when set, lays out plugin.json and carries the fields
	// Manifest does not type.
	PluginJSON *PluginJSON `yaml:"plugin_json,omitempty"`
}

// Marketplace describes the repository's marketplace.json.
type Marketplace struct {
	Name        string `yaml:"name" pf:"required"`
	Description string `yaml:"description" pf:"required"`
	Owner       Author `yaml:"owner" pf:"required"`
}

// Author is the plugin.json author object.
type Author struct {
	Name  string `yaml:"name" pf:"required"`
	Email string `yaml:"email,omitempty"`
	URL   string `yaml:"url,omitempty"`
}

// Budgets cap what the plugin costs every session. Zero means no cap.
type Budgets struct {
	// AlwaysOnTokens caps the estimated tokens of the descriptions Claude
	// Code lists at start-up (commands, skills and agents).
	AlwaysOnTokens int `yaml:"always_on_tokens,omitempty"`
}

// Variant is one build of the plugin: the same sources under another name,
// version or dispatch dialect, written to dist/<id>/.
type Variant struct {
	ID      string  `yaml:"id" pf:"required"`
	Name    string  `yaml:"name" pf:"required"`
	Version string  `yaml:"version,omitempty"`
	Dialect Dialect `yaml:"dialect" pf:"required"`
	// Summary is appended to the plugin description to tell variants apart.
	Summary string `yaml:"summary,omitempty"`
	line    int    // in plugin.yaml, for messages
}

// Line is the plugin.yaml line the variant starts on, 0 if unknown.
func (v Variant) Line() int { return v.line }

// pluginName is Claude Code's kebab-case rule for plugin names.
var pluginName = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidName reports whether s is a kebab-case plugin, command, agent or skill name.
func ValidName(s string) bool { return pluginName.MatchString(s) && len(s) <= 64 }

func (v *Variant) UnmarshalYAML(n *yaml.Node) error {
	type plain Variant
	if err := n.Decode((*plain)(v)); err != nil {
		return err
	}
	v.line = n.Line
	for _, f := range []struct{ what, val string }{{"variant id", v.ID}, {"variant name", v.Name}} {
		if f.val != "" && !ValidName(f.val) {
			return &PosError{Line: n.Line, Msg: fmt.Sprintf("%s %q is not kebab-case", f.what, f.val)}
		}
	}
	return nil
}

// Dialect is how dispatch blocks are worded for a Claude Code release range.
type Dialect string

const (
	// TaskResume is the seeds' own wording: "Task tool call:" and resume:,
	// for Claude Code 2.0.28 to 2.1.76.
	TaskResume Dialect = "task-resume"
	// AgentSendMessage spawns with the Agent tool and continues with
	// SendMessage, for Claude Code 2.1.77 and later.
	AgentSendMessage Dialect = "agent-sendmessage"
)

// Dialects lists the dialects in a stable order.
var Dialects = []string{string(TaskResume), string(AgentSendMessage)}

func (d *Dialect) UnmarshalYAML(n *yaml.Node) error {
	v, err := closedSet(n, "dialect", Dialects, nil)
	*d = Dialect(v)
	return err
}

// ParseDialect validates a dialect given on the command line.
func ParseDialect(s string) (Dialect, error) {
	for _, d := range Dialects {
		if s == d {
			return Dialect(s), nil
		}
	}
	return "", fmt.Errorf("unknown dialect %q (want one of task-resume, agent-sendmessage)", s)
}
