package graph

import (
	"fmt"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/render"
	"github.com/plugforge/plugforge/generator/source"
)

// Kind is what a node stands for; writers pick its shape from it.
type Kind int

const (
	Command Kind = iota
	Skill
	Agent
	Event  // a hook event, e.g. SessionStart
	Script // a hook script under hooks/
)

// EdgeKind is what an edge means; writers pick its line style from it.
type EdgeKind int

const (
	Next     EdgeKind = iota // phase command → the command it hands on to
	Follows                  // command → skill it follows
	Dispatch                 // command or skill → agent; Label says fresh, continued or both
	Runs                     // hook event → script; Label is the matcher, empty for all
)

// Node is one box of the picture. ID is stable: it derives from Kind and
// name only, so a golden file changes only when the workflow does.
type Node struct {
	ID    string
	Kind  Kind
	Label string
}

// Edge is one arrow between two node IDs.
type Edge struct {
	From, To string
	Kind     EdgeKind
	Label    string
}

// Graph is the workflow of one variant, ready to write.
type Graph struct {
	Plugin  string // plugin name of the variant, e.g. iflow
	Variant string // variant id
	Nodes   []Node // commands (chain order), skills, agents (sorted), events (file order), scripts (sorted)
	Edges   []Edge
}

// Variant is one rendered variant of a plugin, as generator/pipeline's
// plan holds it.
type Variant struct {
	Plugin *source.Plugin
	ID     string
	Info   render.PluginInfo
	Files  []render.File // with the dispatch sites the render recorded
}

// Formats are the ways Write can draw a graph.
var Formats = []string{"mermaid", "dot"}

// Write draws g as Mermaid ("mermaid") or Graphviz DOT ("dot").
func Write(g *Graph, format string) string {
	if format == "dot" {
		return Dot(g)
	}
	return Mermaid(g)
}

// Build draws one rendered variant.
func Build(v Variant) *Graph {
	r := newReader(v)
	g := &Graph{Plugin: v.Info.Name, Variant: v.ID}
	b := &builder{g: g, seen: map[string]bool{}}

	chain := r.chain()
	if len(chain) == 0 {
		// No phases (a plugin other than iflow): every command, unordered.
		chain = sortedNames(r.commands)
	}
	for i, c := range chain {
		b.node(Command, c, "/"+g.Plugin+":"+c)
		if i > 0 {
			b.edge(Edge{From: id(Command, chain[i-1]), To: id(Command, c), Kind: Next})
		}
	}
	dispatches := func(from string, ds []dispatch) {
		for _, d := range ds {
			var kinds []string
			if d.fresh {
				kinds = append(kinds, "fresh")
			}
			if d.continued {
				kinds = append(kinds, v.Info.Dialect.Continued())
			}
			b.node(Agent, d.agent, d.agent)
			b.edge(Edge{From: from, To: id(Agent, d.agent), Kind: Dispatch, Label: strings.Join(kinds, " + ")})
		}
	}
	var skills []string
	for _, c := range chain {
		text := r.text(model.CommandPath(c))
		for _, s := range r.skillRefs(text) {
			b.node(Skill, s, s)
			b.edge(Edge{From: id(Command, c), To: id(Skill, s), Kind: Follows})
			skills = append(skills, s)
		}
		dispatches(id(Command, c), r.dispatches(model.CommandPath(c)))
	}
	skills = uniqSorted(skills)
	for _, s := range skills {
		dispatches(id(Skill, s), r.dispatches(model.SkillPath(s)))
	}
	b.hooks(v.Plugin)
	b.sortNodes()
	return g
}

type builder struct {
	g    *Graph
	seen map[string]bool
}

func (b *builder) node(k Kind, name, label string) {
	nid := id(k, name)
	if !b.seen[nid] {
		b.seen[nid] = true
		b.g.Nodes = append(b.g.Nodes, Node{ID: nid, Kind: k, Label: label})
	}
}

func (b *builder) edge(e Edge) {
	key := "edge\x00" + e.From + "\x00" + e.To + "\x00" + e.Label
	if !b.seen[key] {
		b.seen[key] = true
		b.g.Edges = append(b.g.Edges, e)
	}
}

// hooks adds event → script edges in hooks.yaml order, one per matcher
// group and script.
func (b *builder) hooks(src *source.Plugin) {
	if src.Hooks == nil {
		return
	}
	for _, ev := range src.Hooks.Events {
		name := string(ev.Event)
		b.node(Event, name, name)
		for _, grp := range ev.Groups {
			for _, h := range grp.Hooks {
				b.node(Script, h.Script, h.Script)
				b.edge(Edge{From: id(Event, name), To: id(Script, h.Script), Kind: Runs, Label: strings.Join(grp.Matcher, ", ")})
			}
		}
	}
}

// sortNodes groups nodes by kind. Commands keep chain order and events file
// order; skills, agents and scripts are sorted by name.
func (b *builder) sortNodes() {
	sort.SliceStable(b.g.Nodes, func(i, j int) bool {
		x, y := b.g.Nodes[i], b.g.Nodes[j]
		if x.Kind != y.Kind {
			return x.Kind < y.Kind
		}
		switch x.Kind {
		case Skill, Agent, Script:
			return x.Label < y.Label
		}
		return false
	})
}

// id is a node id both Mermaid and DOT accept unquoted: a kind prefix, then
// the name with letters and digits kept, '-' as '_' and any other byte as
// _xx. Names never contain '_' unescaped, so distinct names get distinct ids.
func id(k Kind, name string) string {
	var sb strings.Builder
	sb.WriteString([]string{"c_", "s_", "a_", "e_", "h_"}[k])
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			sb.WriteByte(c)
		case c == '-':
			sb.WriteByte('_')
		default:
			fmt.Fprintf(&sb, "_%02x", c)
		}
	}
	return sb.String()
}

func sortedNames(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func uniqSorted(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
