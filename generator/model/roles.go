package model

import (
	"fmt"
	"maps"
	"slices"
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
	// Phases describes each phase command: what it produces and needs.
	Phases map[string]*Phase `yaml:"phases,omitempty"`
	// Verdict is the shared reviewer schema, merged into roles with "<<".
	Verdict *ReturnSchema `yaml:"verdict,omitempty"`
}

// Phase is one phase command of the workflow.
type Phase struct {
	Title    string        `yaml:"title" pf:"required"` // e.g. "Specification"
	Skill    string        `yaml:"skill,omitempty"`     // the executor skill
	Produces string        `yaml:"produces,omitempty"`  // artifact written
	Next     string        `yaml:"next" pf:"required"`  // next command
	Requires []Requirement `yaml:"requires,omitempty"`  // hard prerequisites: missing → BLOCKED
	Expects  []Requirement `yaml:"expects,omitempty"`   // soft prerequisites: missing → a warning
	Research []string      `yaml:"research,omitempty"`  // Stage 0 dispatch roles
}

// Requirement is a prerequisite artifact of a phase: one that must validate
// (Requires) or one whose absence is only worth a warning (Expects).
type Requirement struct {
	Artifact string `yaml:"artifact" pf:"required"`
	Command  string `yaml:"command" pf:"required"`  // the command that produces it
	Sections string `yaml:"sections" pf:"required"` // level-4 required sections
}

// Artifact is one feature document.
type Artifact struct {
	File  string `yaml:"file" pf:"required"`  // e.g. spec.md
	Label string `yaml:"label" pf:"required"` // e.g. Spec
}

// Role is the static part of every dispatch to one agent role.
type Role struct {
	// Agent is the agent dispatched; it defaults to the role id.
	Agent       string `yaml:"agent,omitempty"`
	Model       Model  `yaml:"model" pf:"required"`
	Description string `yaml:"description" pf:"required"`
	// Title heads the role's section in a command, e.g. "Security Review".
	Title string `yaml:"title,omitempty"`
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
	// Reviews is the artifact under review, inlined in the dynamic suffix
	// as "## <Label> (what you're reviewing)". It is never in Artifacts.
	Reviews string `yaml:"reviews,omitempty"`
	// Dynamic are the other per-iteration sections, in order.
	Dynamic []Section `yaml:"dynamic,omitempty"`
	// Rubric replaces the role rubric at this site (phase-reviewer).
	Rubric string `yaml:"rubric,omitempty"`
	// NextPhase is document 003's Next Phase Expectations line.
	NextPhase string `yaml:"next_phase,omitempty"`
	// Domain names the domain reviewer whose outcome this site receives.
	Domain string `yaml:"domain,omitempty"`
	// OnFail is what the command does when a fresh dispatch of this site
	// fails twice (a verb phrase); the default stops the review loop.
	OnFail string `yaml:"on_fail,omitempty"`
}

// Section is a dynamic prompt section: a heading and its placeholder.
type Section struct {
	Header      string `yaml:"header" pf:"required"`
	Placeholder string `yaml:"placeholder" pf:"required"`
}

// Validate checks the cross-references inside roles.yaml: every site names
// a known role, maps only known artifacts, never maps its own review
// target, and names a known domain reviewer.
func (r *Roles) Validate() error {
	for _, id := range SortedKeys(r.Roles) {
		role := r.Roles[id]
		if role == nil { // "roles: {x: ~}" decodes to a nil role
			return fmt.Errorf("roles.%s: empty role; it needs at least model and description", id)
		}
		if role.Agent == "" {
			role.Agent = id
		}
	}
	for _, sites := range r.Commands {
		for id, s := range sites {
			if s == nil { // "commands: {c: {role: ~}}" is a site with no extras
				sites[id] = &Site{}
			}
		}
	}
	known := map[string]bool{}
	for _, a := range r.Artifacts {
		known[a.File] = true
	}
	for _, cmd := range SortedKeys(r.Commands) {
		for _, id := range SortedKeys(r.Commands[cmd]) {
			s := r.Commands[cmd][id]
			if r.Roles[id] == nil {
				return fmt.Errorf("commands.%s.%s: no role %q in roles", cmd, id, id)
			}
			for _, a := range s.Artifacts {
				if !known[a] {
					return fmt.Errorf("commands.%s.%s: unknown artifact %q", cmd, id, a)
				}
				if s.Reviews == a {
					return fmt.Errorf("commands.%s.%s: review target %q must not be in Required Artifacts", cmd, id, a)
				}
			}
			if s.Reviews != "" && !known[s.Reviews] {
				return fmt.Errorf("commands.%s.%s: unknown review target %q", cmd, id, s.Reviews)
			}
			if s.Domain != "" && r.Commands[cmd][s.Domain] == nil {
				return fmt.Errorf("commands.%s.%s: domain reviewer %q is not dispatched by %s", cmd, id, s.Domain, cmd)
			}
		}
	}
	return nil
}

// SortedKeys lists a map's keys in order, for deterministic iteration.
func SortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// Label returns the display label of an artifact file ("Spec" for spec.md).
func (r *Roles) Label(file string) string {
	for _, a := range r.Artifacts {
		if a.File == file {
			return a.Label
		}
	}
	return file
}
