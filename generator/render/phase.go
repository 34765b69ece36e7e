package render

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/model"
)

// PhaseView is a phase command as the command skeleton sees it.
type PhaseView struct {
	Name  string
	Phase *model.Phase
	// Skill, Next: checked references, rendered for this variant.
	Skill, Next string
	Research    []*Dispatch
	page        *Page
}

// Phase returns the phase data of the command being rendered.
func (p *Page) Phase() (*PhaseView, error) {
	roles, err := p.roles()
	if err != nil {
		return nil, err
	}
	ph := roles.Phases[p.Command]
	if ph == nil {
		return nil, fmt.Errorf("roles.yaml has no phases.%s", p.Command)
	}
	v := &PhaseView{Name: p.Command, Phase: ph, page: p}
	if ph.Skill != "" {
		if v.Skill, err = p.Skill(ph.Skill); err != nil {
			return nil, err
		}
	}
	if v.Next, err = p.Cmd(ph.Next); err != nil {
		return nil, err
	}
	for _, r := range ph.Research {
		d, err := p.Stage(r)
		if err != nil {
			return nil, err
		}
		v.Research = append(v.Research, d)
	}
	return v, nil
}

// Review is the phase's two-stage review.
func (v *PhaseView) Review() (*Review, error) { return v.page.Review() }

// Cmd renders a checked command reference.
func (v *PhaseView) Cmd(name string) (string, error) { return v.page.Cmd(name) }

// Skill renders a checked skill reference.
func (v *PhaseView) SkillRef(name string) (string, error) { return v.page.Skill(name) }

// Plugin is the variant being rendered.
func (v *PhaseView) Plugin() PluginInfo { return v.page.Plugin }
