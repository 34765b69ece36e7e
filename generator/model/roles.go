package model

import (
	"fmt"
	"sort"

	"gopkg.in/yaml.v3"
)

// Roles is plugin-src/roles.yaml: everything a dispatch site needs, as data.
// The dispatch templates are written once; each site is a (command, role)
// pair looked up here.
type Roles struct {
	// Artifacts is the canonical order and label of feature artifacts.
	// Required Artifacts blocks always list artifacts in this order.
	Artifacts []Artifact `yaml:"artifacts" pf:"required"`
	// Roles are keyed by role id (usually the agent name).
	Roles map[string]*Role `yaml:"roles" pf:"required"`
	// Commands holds the artifact maps (I4, I5) and per-site data.
	Commands map[string]map[string]*Site `yaml:"commands" pf:"required"`
	// Inline lists the `{content of X}` injections that are allowed, each
	// with the reason (document 002's verification note).
	Inline []InlineAllow `yaml:"inline_allowlist,omitempty"`
}

// Artifact is one feature document.
type Artifact struct {
	File  string `yaml:"file" pf:"required"`  // e.g. spec.md
	Label string `yaml:"label" pf:"required"` // e.g. Spec
}

// InlineAllow permits one inline injection pattern, with its reason.
type InlineAllow struct {
	Pattern string `yaml:"pattern" pf:"required"`
	Reason  string `yaml:"reason" pf:"required"`
}

// Role is the static part of every dispatch to one agent role.
type Role struct {
	Agent       string `yaml:"agent" pf:"required"`
	Model       Model  `yaml:"model" pf:"required"`
	Description string `yaml:"description" pf:"required"`
	// Rubric opens the prompt; Coda follows it ("Your job: ...").
	Rubric string `yaml:"rubric,omitempty"`
	Coda   string `yaml:"coda,omitempty"`
	// Checklist is the static validate/check list.
	Checklist string `yaml:"checklist,omitempty"`
	// IterationContext says whether fresh prompts carry "## Iteration Context".
	IterationContext bool `yaml:"iteration_context,omitempty"`
	// Work says the role works rather than reviews ("before beginning your work").
	Work   bool          `yaml:"work,omitempty"`
	Schema *ReturnSchema `yaml:"schema,omitempty"`
}

// Site is a role as dispatched by one command. Text fields extend the role.
type Site struct {
	// Artifacts is the artifact map entry (I4/I5) for this role here.
	Artifacts []string `yaml:"artifacts,omitempty"`
	// Target is the review target, placed in the dynamic suffix. It is
	// never one of Artifacts.
	Target *Target `yaml:"target,omitempty"`
	// Rubric replaces the role rubric at this site (phase-reviewer).
	Rubric string `yaml:"rubric,omitempty"`
	// NextPhase is document 003's Next Phase Expectations line.
	NextPhase string `yaml:"next_phase,omitempty"`
	// Domain names the domain reviewer whose outcome this site receives.
	Domain string `yaml:"domain,omitempty"`
	// Description overrides the role's dispatch description here.
	Description string `yaml:"description,omitempty"`
}

// Target is what a reviewer reviews: an artifact inlined, or a file list.
type Target struct {
	Header      string `yaml:"header" pf:"required"`      // e.g. "Spec (what you're reviewing)"
	Placeholder string `yaml:"placeholder" pf:"required"` // e.g. "{content of spec.md}"
	// Artifact is the artifact file inlined, if any (never in the map).
	Artifact string `yaml:"artifact,omitempty"`
}

// Validate checks the cross-references inside roles.yaml: every site names
// a known role, maps only known artifacts, never maps its own review
// target, and names a known domain reviewer.
func (r *Roles) Validate() error {
	known := map[string]bool{}
	for _, a := range r.Artifacts {
		known[a.File] = true
	}
	for _, cmd := range sortedMapKeys(r.Commands) {
		for _, id := range sortedMapKeys(r.Commands[cmd]) {
			s := r.Commands[cmd][id]
			if r.Roles[id] == nil {
				return fmt.Errorf("commands.%s.%s: no role %q in roles", cmd, id, id)
			}
			for _, a := range s.Artifacts {
				if !known[a] {
					return fmt.Errorf("commands.%s.%s: unknown artifact %q", cmd, id, a)
				}
				if s.Target != nil && s.Target.Artifact == a {
					return fmt.Errorf("commands.%s.%s: review target %q must not be in Required Artifacts", cmd, id, a)
				}
			}
			if s.Domain != "" && r.Commands[cmd][s.Domain] == nil {
				return fmt.Errorf("commands.%s.%s: domain reviewer %q is not dispatched by %s", cmd, id, s.Domain, cmd)
			}
		}
	}
	return nil
}

func sortedMapKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// SortedKeys is exported for templates and tools that list map entries.
func SortedKeys[V any](m map[string]V) []string { return sortedMapKeys(m) }

// ensure the YAML decoder sees Roles as an ordinary struct.
var _ yaml.Unmarshaler = (*IssueField)(nil)
