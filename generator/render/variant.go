package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"text/template"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/source"
)

// File is one rendered output file of a variant.
type File struct {
	Path string // slash path inside the variant directory
	Data []byte
	Mode fs.FileMode
	// Sources are the display paths of everything that produced it: the
	// file it is rendered from first, then the rest sorted.
	Sources []string
	// Sites are the dispatch sites the file carries, in file order.
	Sites []Site
}

// Prepared is a plugin whose bodies are parsed, ready to render variants.
type Prepared struct {
	eng *Engine
	src *source.Plugin
	set *template.Template
	// bodyNames maps a source display path to its body template name.
	bodyNames map[string]string
	// bodyLines maps a markdown source's display path to its body's first line.
	bodyLines map[string]int
}

// Prepare parses every body of the plugin once, against the engine's set.
func (e *Engine) Prepare(src *source.Plugin) (*Prepared, error) {
	set, err := e.base.Clone()
	if err != nil {
		return nil, fmt.Errorf("cloning templates: %w", err)
	}
	p := &Prepared{eng: e, src: src, set: set, bodyNames: map[string]string{}, bodyLines: map[string]int{}}
	if src.Roles != nil {
		if err := src.Roles.Validate(); err != nil {
			return nil, &model.PosError{File: path.Join(src.Dir, "roles.yaml"), Msg: err.Error()}
		}
	}
	add := func(disp, body string, line int) error {
		// Pad with newlines so template line numbers are file line numbers.
		text := strings.Repeat("\n", line-1) + body
		if _, err := set.New(disp).Parse(text); err != nil {
			return tmplErr(err)
		}
		p.bodyNames[disp] = disp
		p.bodyLines[disp] = line
		return nil
	}
	for _, c := range src.Commands {
		if err := add(c.Path, c.Body, c.BodyLine); err != nil {
			return nil, err
		}
	}
	for _, a := range src.Agents {
		if err := add(a.Path, a.Body, a.BodyLine); err != nil {
			return nil, err
		}
	}
	for _, s := range src.Skills {
		if err := add(s.Path, s.Body, s.BodyLine); err != nil {
			return nil, err
		}
	}
	for _, f := range src.Files {
		if f.Raw {
			continue // copied byte for byte, never parsed
		}
		if err := add(f.Path, string(f.Data), 1); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Render produces every file of one variant, sorted by path.
func (p *Prepared) Render(info PluginInfo) ([]File, error) {
	r := newRun(p.src, info, p.set)
	var out []File
	emit := func(f File, err error) error {
		if err != nil {
			return err
		}
		out = append(out, f)
		return nil
	}
	for _, c := range p.src.Commands {
		if err := emit(p.component(r, c.Path, model.CommandPath(c.Name), c.Name, "md/command.tmpl", c.Meta)); err != nil {
			return nil, err
		}
	}
	for _, a := range p.src.Agents {
		if err := emit(p.component(r, a.Path, model.AgentPath(a.Name), "", "md/agent.tmpl", a.Meta)); err != nil {
			return nil, err
		}
	}
	for _, s := range p.src.Skills {
		if err := emit(p.component(r, s.Path, model.SkillPath(s.Name), "", "md/skill.tmpl", s.Meta)); err != nil {
			return nil, err
		}
	}
	for _, f := range p.src.Files {
		if err := emit(p.plain(r, f)); err != nil {
			return nil, err
		}
	}
	if pj := p.src.Manifest.PluginJSON; pj == nil || !pj.Omit {
		if err := emit(p.manifestJSON(r, info)); err != nil {
			return nil, err
		}
	}
	if p.src.Hooks != nil {
		hooksSrc := []string{path.Join(p.src.Dir, "hooks/hooks.yaml")}
		if err := emit(p.json(r, model.HooksPath, "json/hooks.tmpl", hooksSrc, p.src.Hooks)); err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	if err := p.unrendered(out); err != nil {
		return nil, err
	}
	for i := 1; i < len(out); i++ {
		if out[i].Path == out[i-1].Path {
			// Only a copied file (files/, hooks/, skill references) can
			// collide with a generated one: name it, as "file: msg".
			file, other := out[i].Sources[0], out[i-1].Sources[0]
			for _, f := range p.src.Files {
				if outPath(f.Rel) == out[i].Path {
					file = f.Path
				}
			}
			if other == file {
				other = out[i].Sources[0]
			}
			return nil, &model.PosError{File: file, Msg: fmt.Sprintf("renders %s, which %s also renders; rename or move one of them", out[i].Path, other)}
		}
	}
	return out, nil
}

// body executes a source body and lists what produced it: the source,
// the templates it reaches, plugin.yaml, and roles.yaml if it read it.
func (p *Prepared) body(r *run, disp, command string, line int) (bodyOut, []string, error) {
	var b bytes.Buffer
	page := &Page{Plugin: r.info, Command: command, run: r, out: &b}
	t := p.set.Lookup(p.bodyNames[disp])
	if err := t.Execute(&b, page); err != nil {
		return bodyOut{}, nil, tmplErr(err)
	}
	raw := b.String()
	text := strings.TrimPrefix(raw, strings.Repeat("\n", line-1))
	srcs := append(closure(p.set, t.Tree), path.Join(p.src.Dir, "plugin.yaml"))
	if page.usedRoles {
		srcs = append(srcs, path.Join(p.src.Dir, "roles.yaml"))
	}
	return bodyOut{text: text, raw: raw, pad: len(raw) - len(text), sites: page.sites}, append([]string{disp}, srcs...), nil
}

// bodySlot stands for the body while a wrapper executes, so the body's
// offset in the file is known exactly. Sources cannot hold a NUL byte.
const bodySlot = "\x00plugforge:body\x00"

// markdown renders a component: frontmatter from its typed meta through a
// wrapper template, then the marker, then the rendered body.
func (p *Prepared) markdown(r *run, disp, out, command, wrapper string, meta any) (File, error) {
	body, srcs, err := p.body(r, disp, command, p.bodyLine(disp))
	if err != nil {
		return File{}, err
	}
	var b bytes.Buffer
	w := p.set.Lookup(path.Join(TemplateDir, wrapper))
	if w == nil {
		return File{}, fmt.Errorf("%s/%s: template missing", TemplateDir, wrapper)
	}
	data := map[string]any{"Meta": meta, "Marker": Marker(disp), "Body": bodySlot, "Plugin": r.info}
	if err := w.Execute(&b, data); err != nil {
		return File{}, tmplErr(err)
	}
	wrapped := b.String()
	if p.marker(disp) == "" {
		// The wrappers always print "# {{.Marker}}" as a frontmatter line;
		// with provenance in the manifest only, that one line goes.
		wrapped = strings.Replace(wrapped, "\n# "+Marker(disp)+"\n", "\n", 1)
	}
	at := strings.Index(wrapped, bodySlot)
	if at < 0 || strings.Count(wrapped, bodySlot) != 1 {
		return File{}, fmt.Errorf("%s/%s: must print {{.Body}} exactly once", TemplateDir, wrapper)
	}
	full := wrapped[:at] + body.text + wrapped[at+len(bodySlot):]
	text, moved := normalizeLines(full)
	srcs = append(srcs, closure(p.set, w.Tree)...)
	sites := body.sitesIn(full, func(o int) int { return at + o }, moved)
	return File{Path: out, Data: text, Mode: 0o644, Sources: uniq(srcs), Sites: sites}, nil
}

// bodyLine is the file line a source's body starts on.
func (p *Prepared) bodyLine(disp string) int {
	if l, ok := p.bodyLines[disp]; ok {
		return l
	}
	return 1
}

// plain renders a reference file, hook script or root file.
func (p *Prepared) plain(r *run, f source.File) (File, error) {
	out := outPath(f.Rel)
	mode := fs.FileMode(0o644)
	if f.Exec {
		mode = 0o755
	}
	if f.Raw {
		return File{Path: out, Data: f.Data, Mode: mode, Sources: []string{f.Path}}, nil
	}
	body, srcs, err := p.body(r, f.Path, "", 1)
	if err != nil {
		return File{}, err
	}
	if p.exact() {
		return body.asWritten(out, withMarker(body.text, out, p.marker(f.Path)), mode, srcs), nil
	}
	full := body.text
	switch m := p.marker(f.Path); {
	case m == "":
	case strings.HasSuffix(out, ".md"):
		full = "<!-- " + m + " -->\n\n" + full
	case strings.HasPrefix(full, "#!"):
		nl := strings.IndexByte(full, '\n')
		if nl < 0 {
			nl = len(full)
		}
		full = full[:nl] + "\n# " + m + full[nl:]
	}
	text, moved := normalizeLines(full)
	return File{Path: out, Data: text, Mode: mode, Sources: uniq(srcs), Sites: body.sitesIn(full, inserted(body.text, full), moved)}, nil
}

// outPath is where a copied source lands in the variant: files/ and raw/
// hold the variant root, skills/ and hooks/ map onto themselves.
func outPath(rel string) string {
	for _, dir := range []string{"files/", "raw/"} {
		if strings.HasPrefix(rel, dir) {
			return strings.TrimPrefix(rel, dir)
		}
	}
	return rel
}

// json renders a JSON file from typed data through one template.
func (p *Prepared) json(r *run, out, tmpl string, extra []string, data any) (File, error) {
	t := p.set.Lookup(path.Join(TemplateDir, tmpl))
	if t == nil {
		return File{}, fmt.Errorf("%s/%s: template missing", TemplateDir, tmpl)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return File{}, tmplErr(err)
	}
	srcs := append(append([]string(nil), extra...), path.Join(p.src.Dir, "plugin.yaml"))
	srcs = append(srcs, closure(p.set, t.Tree)...)
	if err := checkJSON(b.Bytes()); err != nil {
		return File{}, fmt.Errorf("%s/%s: renders invalid JSON for %s: %v", TemplateDir, tmpl, out, err)
	}
	return File{Path: out, Data: normalize(b.String()), Mode: 0o644, Sources: uniq(srcs)}, nil
}

// Marker is the generated-file marker naming src, without comment syntax.
func Marker(src string) string {
	return "Code generated by plugforge from " + src + ". DO NOT EDIT."
}

// marker is the marker for a file rendered from src, or "" when
// plugin.yaml keeps provenance in the manifest only.
func (p *Prepared) marker(src string) string {
	if !p.src.Manifest.Output.InFiles() {
		return ""
	}
	return Marker(src)
}

// uniq keeps the first source (the primary one) in place and sorts the
// rest without duplicates.
func uniq(xs []string) []string {
	if len(xs) == 0 {
		return xs
	}
	rest := append([]string(nil), xs[1:]...)
	sort.Strings(rest)
	out := []string{xs[0]}
	for _, x := range rest {
		if x != out[len(out)-1] && x != xs[0] {
			out = append(out, x)
		}
	}
	return out
}
