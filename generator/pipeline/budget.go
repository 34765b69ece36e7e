package pipeline

import (
	"fmt"
	"sort"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/source"
)

// Tokens estimates the tokens of a text: one per four characters, rounded
// up. It is the measure budgets are enforced in, and the one
// generator/stats reports, so the figure printed is the figure checked.
func Tokens(s string) int { return TokensIn(len(s)) }

// TokensIn is Tokens of a text of n bytes.
func TokensIn(n int) int { return (n + 3) / 4 }

// Listed is one entry Claude Code lists at start-up for a plugin.
type Listed struct {
	Kind string // command, skill or agent
	Name string
	Text string // as listed: "<plugin>:<name>: <description>"
	Path string // the rendered file, e.g. commands/specify.md
}

// Listing is everything Claude Code puts in context at start-up for a
// variant named plugin: every command, skill and agent with its
// description, except those hidden from the model
// (disable-model-invocation), in source order.
func Listing(src *source.Plugin, plugin string) []Listed {
	var out []Listed
	add := func(kind, name, desc, path string) {
		out = append(out, Listed{Kind: kind, Name: name, Text: plugin + ":" + name + ": " + desc, Path: path})
	}
	for _, c := range src.Commands {
		if !c.Meta.DisableModelInvocation {
			add("command", c.Name, c.Meta.Description, model.CommandPath(c.Name))
		}
	}
	for _, s := range src.Skills {
		if !s.Meta.DisableModelInvocation {
			add("skill", s.Name, s.Meta.Description, model.SkillPath(s.Name))
		}
	}
	for _, a := range src.Agents {
		add("agent", a.Name, a.Meta.Description, model.AgentPath(a.Name))
	}
	return out
}

// checkBudget fails a variant whose always-on listing exceeds the budget
// plugin.yaml declares, naming the largest entry.
func checkBudget(src *source.Plugin, plugin string) error {
	budget := src.Manifest.Budgets.AlwaysOnTokens
	if budget == 0 {
		return nil
	}
	list := Listing(src, plugin)
	total := 0
	for _, l := range list {
		total += Tokens(l.Text)
	}
	if total <= budget {
		return nil
	}
	sort.SliceStable(list, func(i, j int) bool { return Tokens(list[i].Text) > Tokens(list[j].Text) })
	return &model.PosError{File: src.Dir + "/plugin.yaml", Msg: fmt.Sprintf(
		"always-on context of %s is ~%d tokens, over budgets.always_on_tokens (%d); the largest is %s %q (~%d tokens): shorten descriptions or raise the budget",
		plugin, total, budget, list[0].Kind, list[0].Name, Tokens(list[0].Text))}
}
