package graph

import (
	"regexp"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/render"
)

// reader answers questions about one rendered variant: what each command or
// skill says and dispatches, checked against the names plugin-src declares.
type reader struct {
	files    map[string]render.File // by path inside the variant
	commands map[string]bool
	skills   map[string]bool
	roles    *model.Roles

	ref        *regexp.Regexp // <plugin>:<name> not part of a /<plugin>:<cmd>
	completion *regexp.Regexp // the "- Completion" hand-off line
}

func newReader(v Variant) *reader {
	p := regexp.QuoteMeta(v.Info.Name)
	names := v.Plugin.Names()
	r := &reader{
		files:    map[string]render.File{},
		commands: names.Commands,
		skills:   names.Skills,
		roles:    v.Plugin.Roles,
		// The byte before the plugin name must not continue a name or be the
		// slash of a command reference; Go's regexp has no look-behind, so it
		// is matched (or the start of a line) and ignored.
		ref:        regexp.MustCompile(`(?m)(?:^|[^/a-z0-9-])` + p + `:([a-z0-9-]+)`),
		completion: regexp.MustCompile(`(?m)^\s*- Completion\b.*?/` + p + `:([a-z0-9-]+)`),
	}
	for _, f := range v.Files {
		r.files[f.Path] = f
	}
	return r
}

func (r *reader) text(path string) string { return string(r.files[path].Data) }

// chain is the phase commands in order: from the phase no other phase
// hands on to, along `next`, extended at both ends by Completion hand-offs
// of commands outside `phases`. Empty when roles.yaml declares no phases.
func (r *reader) chain() []string {
	if r.roles == nil || len(r.roles.Phases) == 0 {
		return nil
	}
	phases := r.roles.Phases
	target := map[string]bool{}
	for _, ph := range phases {
		target[ph.Next] = true
	}
	start := ""
	for _, name := range model.SortedKeys(phases) {
		if !target[name] {
			start = name
			break
		}
	}
	if start == "" { // a cycle: start anywhere, but always at the same place
		start = model.SortedKeys(phases)[0]
	}
	next := func(c string) string {
		if ph := phases[c]; ph != nil {
			return ph.Next
		}
		return r.handoff(c)
	}
	in := map[string]bool{}
	var chain []string
	for c := start; c != "" && r.commands[c] && !in[c]; c = next(c) {
		in[c] = true
		chain = append(chain, c)
	}
	if len(chain) == 0 { // the first phase has no command file
		return nil
	}
	// Walk back while exactly one other command hands on to the head.
	for {
		var from []string
		for _, c := range sortedNames(r.commands) {
			if !in[c] && phases[c] == nil && r.handoff(c) == chain[0] {
				from = append(from, c)
			}
		}
		if len(from) != 1 {
			return chain
		}
		in[from[0]] = true
		chain = append([]string{from[0]}, chain...)
	}
}

// handoff is the command a command's Completion line invokes, or "".
func (r *reader) handoff(command string) string {
	m := r.completion.FindStringSubmatch(r.text(model.CommandPath(command)))
	if m == nil || !r.commands[m[1]] {
		return ""
	}
	return m[1]
}

// skillRefs lists the known skills text names, sorted.
func (r *reader) skillRefs(text string) []string {
	var out []string
	for _, m := range r.ref.FindAllStringSubmatch(text, -1) {
		if r.skills[m[1]] {
			out = append(out, m[1])
		}
	}
	return uniqSorted(out)
}

// dispatch is one agent a command or skill sends work to.
type dispatch struct {
	agent            string
	fresh, continued bool
}

// dispatches lists the agents the rendered file at path dispatches, from
// the sites the render recorded in it, sorted by agent.
func (r *reader) dispatches(path string) []dispatch {
	by := map[string]*dispatch{}
	for _, s := range r.files[path].Sites {
		d := by[s.Agent]
		if d == nil {
			d = &dispatch{agent: s.Agent}
			by[s.Agent] = d
		}
		switch s.Kind {
		case model.Fresh:
			d.fresh = true
		case model.Continued, model.Final:
			d.continued = true
		}
	}
	out := make([]dispatch, 0, len(by))
	for _, a := range model.SortedKeys(by) {
		out = append(out, *by[a])
	}
	return out
}
