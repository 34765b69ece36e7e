package snapshot

import (
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Registered is the plugin's part of Claude Code's system/init listing, as
// Components predicts it: full names ("<plugin>:git:commit"), sorted,
// each once. generator/cliview reads the real one; the names tests compare
// the two.
type Registered struct {
	// SlashCommands are the commands and skills a user can type: all but
	// those with "user-invocable: false".
	SlashCommands []string
	// Skills are those of SlashCommands written as a SKILL.md (in skills/
	// or in a commands folder) or with "disable-model-invocation: true",
	// that have a description or a when_to_use (see described), and the
	// workflows: the listing's "skills" field, as 2.1.330 fills it. It is
	// not what the model is offered (that list holds plain commands and
	// leaves out disable-model-invocation), but the two agree that a
	// command or skill without a description is never offered.
	Skills []string
	Agents []string
}

// Registered predicts the plugin's entry in Claude Code's listing.
func (c *Components) Registered() Registered {
	var r Registered
	full := func(n string) string { return c.Plugin + ":" + n }
	for _, list := range [][]Component{c.Commands, c.Skills} {
		for _, comp := range list {
			fm := comp.File.Frontmatter()
			if fmFlag(fm, "user-invocable") == "false" {
				continue
			}
			r.SlashCommands = append(r.SlashCommands, full(comp.Name))
			if (comp.Kind == KindSkill || strings.EqualFold(path.Base(comp.File.Path), "SKILL.md") ||
				fmFlag(fm, "disable-model-invocation") == "true") && described(fm) {
				r.Skills = append(r.Skills, full(comp.Name))
			}
		}
	}
	// Workflows are typed like commands and listed as skills too.
	for _, comp := range c.Workflows {
		r.SlashCommands = append(r.SlashCommands, full(comp.Name))
		r.Skills = append(r.Skills, full(comp.Name))
	}
	for _, comp := range c.Agents {
		r.Agents = append(r.Agents, full(comp.Name))
	}
	for _, l := range []*[]string{&r.SlashCommands, &r.Skills, &r.Agents} {
		if *l == nil {
			*l = []string{}
		}
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	return r
}

// described reports whether 2.1.330 gives the component a description
// the model is shown (recorded: testdata/names/skill-descriptions): a
// "description" that is a string, number or boolean with something besides
// blanks ("42" and "false" count), or any "when_to_use" but null and "".
// A list or mapping description is dropped ("Description invalid for
// <name> - omitting" in the debug log), and frontmatter that does not
// parse leaves neither, so such a skill is not listed.
func described(fm *Frontmatter) bool {
	if _, v := fm.Get("description"); v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() != "!!null" &&
		strings.TrimSpace(v.Value) != "" {
		return true
	}
	_, v := fm.Get("when_to_use")
	return v != nil && v.ShortTag() != "!!null" && !(v.Kind == yaml.ScalarNode && v.Value == "")
}

// fmFlag is a boolean frontmatter setting as Claude Code reads it: the
// YAML boolean or the same word quoted ("false" hides a skill as surely as
// false does, in 2.1.330), lower-cased; "" when unset.
func fmFlag(fm *Frontmatter, key string) string {
	v, ok := fm.String(key)
	if !ok {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(v))
}
