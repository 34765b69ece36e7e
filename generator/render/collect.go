package render

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/model"
)

// Collect is one site's "collect the result" step: which call it answers,
// who answers, and where a fresh dispatch goes when it fails twice. The
// "collect" template renders it from the dialect's protocol, so every site
// names the branch of every form its call can get.
type Collect struct {
	Who    string     // e.g. "the implementation-reviewer"
	Call   model.Call // spawn or continue
	OnFail string     // fresh dispatches only: after a second failure
	D      Dialect
}

// Group is the forms that share one branch at a site, in protocol order,
// with what the branch template needs of the site.
type Group struct {
	Forms     []string
	Branch    model.Branch
	Notes     []string
	Continued bool   // the site's call is a continuation
	OnFail    string // the site's failure path after a retry (fresh only)
}

// Groups gathers the forms that can answer the site's call by branch, in
// the order the branches first appear in the protocol.
func (c *Collect) Groups() []Group {
	var out []Group
	at := map[model.Branch]int{}
	for _, f := range c.D.Protocol().FormsFor(c.Call) {
		i, ok := at[f.Branch]
		if !ok {
			i = len(out)
			at[f.Branch] = i
			out = append(out, Group{Branch: f.Branch, Continued: c.Continued(), OnFail: c.OnFail})
		}
		out[i].Forms = append(out[i].Forms, f.Name)
		if f.Caution != "" {
			out[i].Notes = append(out[i].Notes, fmt.Sprintf("`%s`: %s", f.Name, f.Caution))
		}
	}
	return out
}

// Takes, Waits and Off answer the branch template's questions.
func (g Group) Takes() bool { return g.Branch == model.Take }
func (g Group) Waits() bool { return g.Branch == model.Wait }
func (g Group) Off() bool   { return g.Branch == model.FailOff }

// Continued reports a collect step after a continuation.
func (c *Collect) Continued() bool { return c.Call == model.Continue }

// Collect builds a collect step for a dispatch written out in a body
// rather than from roles.yaml (the brainstorming and retrospecting skills):
// call is "spawn" or "continue".
func (d Dialect) Collect(who, call, onFail string) (*Collect, error) {
	c := model.Call(call)
	if c != model.Spawn && c != model.Continue {
		return nil, fmt.Errorf("collect: call %q is neither spawn nor continue", call)
	}
	if c == model.Spawn && onFail == "" {
		return nil, fmt.Errorf("collect: a spawn of %s needs what to do when it fails twice", who)
	}
	return &Collect{Who: who, Call: c, OnFail: onFail, D: d}, nil
}

// CollectFresh is the collect step after this site's fresh dispatch.
func (d *Dispatch) CollectFresh() *Collect {
	return &Collect{Who: "the " + d.Log(), Call: model.Spawn, OnFail: d.OnFail(), D: d.D}
}

// CollectContinued is the collect step after this site's continuation.
func (d *Dispatch) CollectContinued() *Collect {
	return &Collect{Who: "the " + d.Log(), Call: model.Continue, D: d.D}
}

// OnFail is what the command does when a fresh dispatch fails twice: the
// site's own words, else stop, since a review loop cannot judge without
// its reviewer.
func (d *Dispatch) OnFail() string {
	if d.Site.OnFail != "" {
		return d.Site.OnFail
	}
	return fmt.Sprintf("stop and report `BLOCKED: %s could not run: {error}` (with [YOLO_MODE], output \"YOLO MODE STOPPED: %s could not run: {error}\" and stop)", d.Log(), d.Log())
}
