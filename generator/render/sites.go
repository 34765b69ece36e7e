package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
	"text/template"
	"text/template/parse"

	"github.com/plugforge/plugforge/generator/model"
)

// siteTemplates are the dispatch templates whose every execution is a
// dispatch site, and the kind each one is. The engine wraps each of them in
// two recording actions (instrument), so no template text has to mark
// itself and a body cannot emit a dispatch that goes unrecorded. A dispatch
// template executed inside another (dispatch.final opens with
// dispatch.head) belongs to the outer site. Renaming one of these
// templates means renaming it here: a site that is no longer recorded
// fails the build as unrendered.
var siteTemplates = map[string]model.DispatchKind{
	"dispatch.fresh":      model.Fresh,
	"dispatch.resumed":    model.Continued,
	"dispatch.head":       model.Continued,
	"dispatch.final":      model.Final,
	"dispatch.fallback":   model.Fallback,
	"dispatch.compaction": model.Compaction,
}

// Site is one dispatch a rendered file carries: which roles.yaml site,
// what kind of dispatch, and where.
type Site struct {
	// Component and Role name the roles.yaml site: the commands table (a
	// command or skill name) and the role id in it. Both are empty for a
	// dispatch a body writes in its own words ("Dispatch `subagent_type:
	// {{.Agent "x"}}`"), which is always fresh.
	Component string
	Role      string
	Agent     string // the agent dispatched, without the plugin prefix
	Kind      model.DispatchKind
	Line      int // 1-based line in the rendered file where the dispatch starts
	// Prompt measures a fresh dispatch's prompt: its stable prefix and its
	// dynamic suffix, in bytes (zero for other kinds).
	Prompt PromptSplit
}

// PromptSplit is the size of a prompt's two parts (document 001, R4).
type PromptSplit struct{ Stable, Dynamic int }

// instrument wraps every site template of set in SiteBegin/SiteEnd actions.
func instrument(set *template.Template) error {
	for name, kind := range siteTemplates {
		t := set.Lookup(name)
		if t == nil || t.Tree == nil {
			continue // a template set without this skeleton (tests, a plugin of its own)
		}
		begin, err := action(fmt.Sprintf("{{.SiteBegin %q}}", kind))
		if err != nil {
			return err
		}
		end, err := action("{{.SiteEnd}}")
		if err != nil {
			return err
		}
		root := t.Tree.Root
		root.Nodes = append(append([]parse.Node{begin}, root.Nodes...), end)
	}
	return nil
}

// action parses one {{...}} action into a node to splice into a tree.
func action(text string) (parse.Node, error) {
	t, err := template.New("site").Parse(text)
	if err != nil {
		return nil, fmt.Errorf("internal: %s: %w", text, err)
	}
	return t.Tree.Root.Nodes[0], nil
}

// openSite is a site being rendered: offsets into the body's raw output.
// d is nil for a dispatch in the body's own words, naming agent.
type openSite struct {
	d          *Dispatch
	agent      string
	kind       model.DispatchKind
	start, end int
}

// proseSite records a dispatch written in a body's own words: an agent
// reference that is the value of a "subagent_type:" (optionally quoted or
// in a code span), outside any dispatch template.
func (p *Page) proseSite(agent string) {
	if p.out == nil || p.siteDepth > 0 {
		return
	}
	tail := p.out.Bytes()[max(0, p.out.Len()-32):]
	if bytes.HasSuffix(bytes.TrimRight(tail, " \"'`"), []byte("subagent_type:")) {
		p.sites = append(p.sites, openSite{agent: agent, kind: model.Fresh, start: p.out.Len(), end: p.out.Len()})
	}
}

// SiteBegin records that a dispatch site starts at the current output
// offset of the body being rendered. Only the engine calls it (see
// instrument); it prints nothing.
func (d *Dispatch) SiteBegin(kind string) string {
	p := d.page
	if p == nil || p.out == nil {
		return "" // executed outside a body (template tests): nothing to record
	}
	if p.siteDepth == 0 {
		p.sites = append(p.sites, openSite{d: d, kind: model.DispatchKind(kind), start: p.out.Len()})
	}
	p.siteDepth++
	return ""
}

// SiteEnd closes the site SiteBegin opened.
func (d *Dispatch) SiteEnd() string {
	p := d.page
	if p == nil || p.out == nil {
		return ""
	}
	p.siteDepth--
	if p.siteDepth == 0 {
		p.sites[len(p.sites)-1].end = p.out.Len()
	}
	return ""
}

// bodyOut is a body as executed: its text and the dispatch sites in it.
type bodyOut struct {
	text  string // the output without the padding that aligns template lines with file lines
	raw   string // the output as executed, which the sites' offsets index
	pad   int    // bytes of padding raw starts with
	sites []openSite
}

// sitesIn places the body's sites in the file it ends up in: full is the
// file's text before normalisation, at maps an offset of b.text to an
// offset of full, and moved says where each line of full went.
func (b bodyOut) sitesIn(full string, at func(int) int, moved []int) []Site {
	out := make([]Site, 0, len(b.sites))
	for _, o := range b.sites {
		off := min(max(at(o.start-b.pad), 0), len(full))
		line := strings.Count(full[:off], "\n")
		s := Site{Agent: o.agent, Kind: o.kind, Line: moved[min(line, len(moved)-1)]}
		if o.d != nil {
			s.Component, s.Role, s.Agent = o.d.Command, o.d.ID, o.d.Role.Agent
			if o.kind == model.Fresh {
				s.Prompt = o.d.split(b.raw[o.start:o.end])
			}
		}
		out = append(out, s)
	}
	return out
}

// asWritten is a file written exactly as it rendered (an exact plugin):
// text is the body with at most one marker line added, and not normalised.
func (b bodyOut) asWritten(out, text string, mode fs.FileMode, srcs []string) File {
	moved := make([]int, strings.Count(text, "\n")+1)
	for i := range moved {
		moved[i] = i + 1
	}
	return File{Path: out, Data: []byte(text), Mode: mode, Sources: uniq(srcs), Sites: b.sitesIn(text, inserted(b.text, text), moved)}
}

// inserted maps offsets of body into full, which is body with whole lines
// (a generated-file marker) inserted at one place: before that place an
// offset stays, after it it moves by what was inserted. The place is where
// the two first differ, taken back to the start of its line.
func inserted(body, full string) func(int) int {
	p := 0
	for p < len(body) && p < len(full) && body[p] == full[p] {
		p++
	}
	p = strings.LastIndexByte(body[:p], '\n') + 1
	n := len(full) - len(body)
	return func(o int) int {
		if o < p {
			return o
		}
		return o + n
	}
}

// split measures a fresh dispatch's prompt: the block scalar after
// "prompt: |", unindented, cut before the first dynamic section heading.
func (d *Dispatch) split(block string) PromptSplit {
	i := strings.Index(block, "  prompt: |\n")
	if i < 0 {
		return PromptSplit{}
	}
	var lines []string
	for _, l := range strings.Split(block[i+len("  prompt: |\n"):], "\n") {
		if strings.HasPrefix(l, "```") {
			break
		}
		lines = append(lines, strings.TrimPrefix(l, "    "))
	}
	prompt := strings.Join(lines, "\n")
	cut := len(prompt)
	for _, h := range d.dynamicHeadings() {
		if i := strings.Index(prompt, "\n## "+h+"\n"); i >= 0 && i < cut {
			cut = i + 1
		}
	}
	return PromptSplit{Stable: cut, Dynamic: len(prompt) - cut}
}

// dynamicHeadings are the headings of every per-iteration section of the site.
func (d *Dispatch) dynamicHeadings() []string {
	hs := append([]string(nil), model.DynamicHeadings...)
	for _, s := range d.Dynamic() {
		hs = append(hs, s.Header)
	}
	return hs
}

// unrendered reports the first roles.yaml site that no file of a variant
// dispatches, as "file:line: message".
func (p *Prepared) unrendered(files []File) error {
	if p.src.Roles == nil {
		return nil
	}
	seen := map[[2]string]bool{}
	for _, f := range files {
		for _, s := range f.Sites {
			seen[[2]string{s.Component, s.Role}] = true
		}
	}
	for _, cmd := range model.SortedKeys(p.src.Roles.Commands) {
		for _, role := range model.SortedKeys(p.src.Roles.Commands[cmd]) {
			if !seen[[2]string{cmd, role}] {
				return &model.PosError{File: p.src.Dir + "/roles.yaml", Line: p.src.SiteLine(cmd, role),
					Msg: fmt.Sprintf("dispatch site commands.%s.%s is rendered by no body; dispatch it (e.g. {{template \"dispatch.fresh\" (.StageOf %q %q)}}) or remove it", cmd, role, cmd, role)}
			}
		}
	}
	return nil
}
