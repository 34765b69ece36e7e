package render

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/model"
)

// Review is a phase command's two-stage review: the domain reviewer, then
// the phase-reviewer that receives its outcome.
type Review struct {
	Domain, Phase *Dispatch
	page          *Page
}

// Skill renders a checked skill reference from inside the loop template.
func (r *Review) Skill(name string) (string, error) { return r.page.Skill(name) }

// Review returns the two-stage review of the command being rendered: the
// site that names a domain reviewer is the phase stage.
func (p *Page) Review() (*Review, error) {
	roles, err := p.roles()
	if err != nil {
		return nil, err
	}
	for _, id := range model.SortedKeys(roles.Commands[p.Command]) {
		site := roles.Commands[p.Command][id]
		if site.Domain == "" {
			continue
		}
		phase, err := p.Stage(id)
		if err != nil {
			return nil, err
		}
		domain, err := p.Stage(site.Domain)
		if err != nil {
			return nil, err
		}
		return &Review{Domain: domain, Phase: phase, page: p}, nil
	}
	return nil, fmt.Errorf("roles.yaml: command %q has no site with a domain reviewer", p.Command)
}

// ImplementReview is implement's three-reviewer loop and its fixer.
type ImplementReview struct {
	Reviewers []*Dispatch
	Fixer     *Dispatch
}

// ImplementReview returns the reviewers (in the order given) and the
// implementer fix site of the command being rendered.
func (p *Page) ImplementReview(fixer string, reviewers ...string) (*ImplementReview, error) {
	out := &ImplementReview{}
	for _, id := range reviewers {
		d, err := p.Stage(id)
		if err != nil {
			return nil, err
		}
		out.Reviewers = append(out.Reviewers, d)
	}
	f, err := p.Stage(fixer)
	if err != nil {
		return nil, err
	}
	out.Fixer = f
	return out, nil
}
