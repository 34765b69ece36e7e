package graph

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/render"
	"github.com/plugforge/plugforge/generator/source"
)

// TestIDs: ids are distinct for distinct names and safe in both formats.
func TestIDs(t *testing.T) {
	names := []string{"a-b", "a_b", "a.b", "a b", "A-b", "ab", "a--b"}
	seen := map[string]string{}
	for _, k := range []Kind{Command, Skill, Agent, Event, Script} {
		for _, n := range names {
			got := id(k, n)
			assert.Regexp(t, `^[A-Za-z0-9_]+$`, got)
			if prev, dup := seen[got]; dup {
				t.Errorf("id %q for both %q and %q", got, prev, n)
			}
			seen[got] = n
		}
	}
}

// synthetic builds a plugin "p" whose commands say what texts holds.
func synthetic(phases map[string]string, texts map[string]string) Variant {
	src := &source.Plugin{Roles: &model.Roles{Phases: map[string]*model.Phase{}}}
	for from, to := range phases {
		src.Roles.Phases[from] = &model.Phase{Title: from, Next: to}
	}
	v := Variant{Plugin: src, ID: "p", Info: render.PluginInfo{Name: "p", Dialect: render.Dialect{Dialect: model.AgentSendMessage}}}
	for _, name := range model.SortedKeys(texts) {
		src.Commands = append(src.Commands, source.Doc[model.Command]{Name: name})
		v.Files = append(v.Files, render.File{Path: model.CommandPath(name), Data: []byte(texts[name])})
	}
	return v
}

func chainOf(t *testing.T, v Variant) []string {
	t.Helper()
	g := Build(v)
	var names []string
	for _, n := range g.Nodes {
		if n.Kind == Command {
			names = append(names, strings.TrimPrefix(n.Label, "/p:"))
		}
	}
	return names
}

// TestChainEnds: the chain grows backwards only through one unambiguous
// Completion hand-off, forwards past the last phase, and survives a phase
// whose command is missing.
func TestChainEnds(t *testing.T) {
	texts := map[string]string{
		"intro":  "## YOLO\n- Completion → directly invoke `/p:start`.\n",
		"start":  "",
		"middle": "",
		"end":    "- Completion → invoke /p:after directly.\n",
		"after":  "",
		"other":  "Run /p:start later.\n", // a mention is not a hand-off
	}
	v := synthetic(map[string]string{"start": "middle", "middle": "end"}, texts)
	assert.Equal(t, []string{"intro", "start", "middle", "end", "after"}, chainOf(t, v))

	texts["other"] = "- Completion → invoke /p:start.\n"
	v = synthetic(map[string]string{"start": "middle", "middle": "end"}, texts)
	assert.Equal(t, []string{"start", "middle", "end", "after"}, chainOf(t, v), "two hand-offs into start: neither is chosen")

	v = synthetic(map[string]string{"ghost": "start"}, map[string]string{"start": "", "b": ""})
	assert.Equal(t, []string{"b", "start"}, chainOf(t, v), "no command for the first phase: every command, sorted")
}
