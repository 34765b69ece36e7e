package model

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// ReturnSchema is a role's JSON return format as a typed value. Fresh and
// resumed prompts both render it from here, so they cannot disagree.
type ReturnSchema struct {
	// Intro is the line before the JSON, e.g. "Return your assessment as JSON:".
	Intro string `yaml:"intro" pf:"required"`
	// Compact renders the schema on one line (plan-reviewer).
	Compact bool `yaml:"compact,omitempty"`
	// Approval adds "approved" first; false for non-review roles.
	Approval bool `yaml:"approval,omitempty"`
	// Levels adds a "levels" object (implementation-reviewer).
	Levels []string `yaml:"levels,omitempty"`
	// Issue lists the fields of each issue, in order.
	Issue []IssueField `yaml:"issue,omitempty"`
	// Fields are other top-level fields, rendered verbatim after issues.
	Fields []Field `yaml:"fields,omitempty"`
	// Summary adds a trailing "summary" field.
	Summary bool `yaml:"summary,omitempty"`
}

// IssueField is one field of an issue object, optionally an enum. In YAML it
// is either a bare name or a one-key mapping from name to allowed values.
type IssueField struct {
	Name string
	Enum []string
}

// YAMLShape tells the strict-key walk that a field may be a one-key mapping.
func (*IssueField) YAMLShape() any { return map[string][]string{} }

func (f *IssueField) UnmarshalYAML(n *yaml.Node) error {
	switch {
	case n.Kind == yaml.ScalarNode:
		f.Name = n.Value
		return nil
	case n.Kind == yaml.MappingNode && len(n.Content) == 2:
		f.Name = n.Content[0].Value
		return n.Content[1].Decode(&f.Enum)
	}
	return &PosError{Line: n.Line, Msg: "an issue field is a name or a one-key mapping name: [values]"}
}

// Field is a top-level field with a literal JSON example value.
type Field struct {
	Name    string `yaml:"name" pf:"required"`
	Example string `yaml:"example" pf:"required"`
}

func (f IssueField) json() string {
	if len(f.Enum) > 0 {
		return fmt.Sprintf("%q: %q", f.Name, strings.Join(f.Enum, "|"))
	}
	return fmt.Sprintf("%q: \"...\"", f.Name)
}

func (s *ReturnSchema) issueJSON() string {
	parts := make([]string, len(s.Issue))
	for i, f := range s.Issue {
		parts[i] = f.json()
	}
	return "[{" + strings.Join(parts, ", ") + "}]"
}

// Lines renders the schema as the lines of JSON a prompt shows.
func (s *ReturnSchema) Lines() []string {
	var top []string
	if s.Approval {
		top = append(top, `"approved": true/false`)
	}
	if len(s.Levels) > 0 && !s.Compact {
		lv := []string{`"levels": {`}
		for i, l := range s.Levels {
			comma := ","
			if i == len(s.Levels)-1 {
				comma = ""
			}
			lv = append(lv, fmt.Sprintf(`  %q: {"passed": true/false, "issues_count": 0}%s`, l, comma))
		}
		top = append(top, strings.Join(append(lv, "}"), "\n"))
	}
	if len(s.Issue) > 0 {
		top = append(top, `"issues": `+s.issueJSON())
	}
	for _, f := range s.Fields {
		top = append(top, fmt.Sprintf("%q: %s", f.Name, f.Example))
	}
	if s.Summary {
		top = append(top, `"summary": "..."`)
	}
	if s.Compact {
		return []string{"{" + strings.Join(top, ", ") + "}"}
	}
	out := []string{"{"}
	for i, t := range top {
		if i < len(top)-1 {
			t += ","
		}
		for _, l := range strings.Split(t, "\n") {
			out = append(out, "  "+l)
		}
	}
	return append(out, "}")
}

// Text is the intro line followed by the JSON.
func (s *ReturnSchema) Text() string {
	return s.Intro + "\n" + strings.Join(s.Lines(), "\n")
}
