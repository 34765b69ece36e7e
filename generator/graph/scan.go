package graph

import (
	"regexp"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/source"
)

// reader answers questions about one rendered variant: what each command or
// skill says, checked against the names plugin-src declares.
type reader struct {
	plugin   string
	files    map[string]string // rendered text by path inside the variant
	commands map[string]bool
	skills   map[string]bool
	agents   map[string]bool
	roles    *model.Roles

	ref        *regexp.Regexp // <plugin>:<name> not part of a /<plugin>:<cmd>
	subagent   *regexp.Regexp // subagent_type: <plugin>:<agent>
	completion *regexp.Regexp // the "- Completion" hand-off line
}

var resumeKey = regexp.MustCompile(`resume_state\["([a-z0-9-]+)"\]`)

func newReader(src *source.Plugin, out pipeline.Output) *reader {
	p := regexp.QuoteMeta(out.Info.Name)
	names := src.Names()
	r := &reader{
		plugin:   out.Info.Name,
		files:    map[string]string{},
		commands: names.Commands,
		skills:   names.Skills,
		agents:   names.Agents,
		roles:    src.Roles,
		// The byte before the plugin name must not continue a name or be the
		// slash of a command reference; Go's regexp has no look-behind, so it
		// is matched (or the start of a line) and ignored.
		ref:        regexp.MustCompile(`(?m)(?:^|[^/a-z0-9-])` + p + `:([a-z0-9-]+)`),
		subagent:   regexp.MustCompile(`subagent_type:\s*"?` + p + `:([a-z0-9-]+)`),
		completion: regexp.MustCompile(`(?m)^\s*- Completion\b.*?/` + p + `:([a-z0-9-]+)`),
	}
	for _, f := range out.Files {
		r.files[f.Path] = string(f.Data)
	}
	return r
}

func (r *reader) text(path string) string { return r.files[path] }

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

type dispatch struct {
	agent     string
	continued bool
}

// dispatches lists the agents component (a command, or a skill such as
// implementing that has its own roles.yaml table) sends work to, sorted.
func (r *reader) dispatches(component, text string) []dispatch {
	fresh := map[string]bool{}
	for _, m := range r.subagent.FindAllStringSubmatch(text, -1) {
		if r.agents[m[1]] {
			fresh[m[1]] = true
		}
	}
	cont := map[string]bool{}
	if r.roles != nil {
		for role := range r.roles.Commands[component] {
			if rl := r.roles.Roles[role]; rl != nil && r.agents[rl.Agent] {
				fresh[rl.Agent] = true
			}
		}
		for _, m := range resumeKey.FindAllStringSubmatch(text, -1) {
			if rl := r.roles.Roles[m[1]]; rl != nil && fresh[rl.Agent] {
				cont[rl.Agent] = true
			}
		}
	}
	out := make([]dispatch, 0, len(fresh))
	for _, a := range sortedNames(fresh) {
		out = append(out, dispatch{agent: a, continued: cont[a]})
	}
	return out
}
