package render

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
)

// Dispatch is one dispatch site: a role as one command sends it. The
// dispatch templates read only this view, so the skeletons are written once
// and every site is data from roles.yaml.
type Dispatch struct {
	ID      string // role id, also the resume_state key
	Command string
	Role    *model.Role
	Site    *model.Site
	Agent   string // rendered subagent_type
	D       Dialect
	Plugin  PluginInfo
	roles   *model.Roles
	page    *Page
}

// Stage returns the dispatch site of role in the command being rendered.
func (p *Page) Stage(role string) (*Dispatch, error) { return p.StageOf(p.Command, role) }

// StageOf returns the dispatch site of role in another command's table
// (the implementing skill is keyed "implementing").
func (p *Page) StageOf(command, role string) (*Dispatch, error) {
	roles, err := p.roles()
	if err != nil {
		return nil, err
	}
	site := roles.Commands[command][role]
	if site == nil {
		return nil, fmt.Errorf("roles.yaml has no site commands.%s.%s", command, role)
	}
	r := roles.Roles[role]
	agent, err := p.Agent(r.Agent)
	if err != nil {
		return nil, fmt.Errorf("role %q: %w", role, err)
	}
	return &Dispatch{ID: role, Command: command, Role: r, Site: site, Agent: agent, D: p.Plugin.Dialect, Plugin: p.Plugin, roles: roles, page: p}, nil
}

// Rubric is the site's rubric, or the role's.
func (d *Dispatch) Rubric() string {
	if d.Site.Rubric != "" {
		return strings.TrimSpace(d.Site.Rubric)
	}
	return strings.TrimSpace(d.Role.Rubric)
}

// Log is the name log lines use for this role: its agent name.
func (d *Dispatch) Log() string { return d.Role.Agent }

// Key is the resume_state entry of this role.
func (d *Dispatch) Key() string { return fmt.Sprintf("resume_state[%q]", d.ID) }

// Verb is "review" for reviewers and "work" for workers.
func (d *Dispatch) Verb() string {
	if d.Role.Work {
		return "work"
	}
	return "review"
}

// Session names the prior session in the I3 notice.
func (d *Dispatch) Session() string {
	if d.Role.Work {
		return "fix"
	}
	return "review"
}

// ArtifactLine is one line of a Required Artifacts block.
type ArtifactLine struct {
	Label, File string
	PRD         bool
}

// Artifacts lists the site's artifact map in the canonical order.
func (d *Dispatch) Artifacts() []ArtifactLine {
	want := map[string]bool{}
	for _, a := range d.Site.Artifacts {
		want[a] = true
	}
	var out []ArtifactLine
	for _, a := range d.roles.Artifacts {
		if want[a.File] {
			out = append(out, ArtifactLine{Label: a.Label, File: a.File, PRD: a.File == "prd.md"})
		}
	}
	return out
}

// Dynamic lists the per-iteration sections: the inline review target first.
func (d *Dispatch) Dynamic() []model.Section {
	var out []model.Section
	if f := d.Site.Reviews; f != "" {
		out = append(out, model.Section{Header: d.roles.Label(f) + " (what you're reviewing)", Placeholder: "{content of " + f + "}"})
	}
	return append(out, d.Site.Dynamic...)
}

// ReviewsLabel is the label of the artifact under review, if any.
func (d *Dispatch) ReviewsLabel() string { return d.roles.Label(d.Site.Reviews) }

// Domain is the domain reviewer whose outcome this site receives.
func (d *Dispatch) Domain() (*Dispatch, error) {
	if d.Site.Domain == "" {
		return nil, nil
	}
	return d.page.StageOf(d.Command, d.Site.Domain)
}

// Schema is the role's JSON return format, or nil.
func (d *Dispatch) Schema() *model.ReturnSchema { return d.Role.Schema }

// Phase is the artifact a phase command produces (the domain reviewer's
// review target), e.g. spec.md.
func (d *Dispatch) Phase() string {
	if d.Site.Reviews != "" {
		return d.Site.Reviews
	}
	if dom, _ := d.Domain(); dom != nil {
		return dom.Site.Reviews
	}
	return ""
}

// InImplement reports a site of the implement command, whose deltas are
// code diffs and whose reviewers have a final validation round.
func (d *Dispatch) InImplement() bool { return d.Command == "implement" }

// Cmd renders a checked command reference, for text inside skeletons.
func (d *Dispatch) Cmd(name string) (string, error) { return d.page.Cmd(name) }

// Fresh names the fresh template a site falls back to: I7 for the
// implementer's fix dispatch, I1-R4 for every reviewer.
func (d *Dispatch) Fresh() string {
	if d.Role.Work {
		return "I7"
	}
	return "I1-R4"
}

// HasFinal reports a reviewer that takes part in implement's final
// validation round (I2-FV).
func (d *Dispatch) HasFinal() bool { return d.InImplement() && !d.Role.Work }
