package pipeline

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"sync"

	"github.com/plugforge/plugforge/generator/graph"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/render"
	"github.com/plugforge/plugforge/generator/source"
	"github.com/plugforge/plugforge/templates"
)

// Output is one rendered variant.
type Output struct {
	ID   string
	Dir  string // directory it is written to
	Info render.PluginInfo
	// Rendered are the files as render made them, with their sources.
	Rendered []render.File
	// Files is the tree written to Dir: Rendered plus the provenance manifest.
	Files []outtree.File
}

// Plan is every selected variant rendered in memory, once: build, check,
// the README graph, graph and stats all read it.
type Plan struct {
	Outputs []Output
	Plugin  *source.Plugin
	// Lookup returns the bytes of a source or template display path.
	Lookup func(string) []byte
	// Full is true when every declared variant was rendered into Dist, so
	// undeclared variant directories are removable orphans.
	Full bool
}

var (
	engineOnce sync.Once
	engine     *render.Engine
	engineErr  error
)

// Engine returns the embedded templates, parsed once per process.
func Engine() (*render.Engine, error) {
	engineOnce.Do(func() { engine, engineErr = render.NewEngine(templates.FS) })
	return engine, engineErr
}

// engineFor is the embedded engine, or one parsed from o.TemplateFS.
func engineFor(o Options) (*render.Engine, error) {
	if o.TemplateFS != nil {
		return render.NewEngine(o.TemplateFS)
	}
	return Engine()
}

// projected is everything Build writes and Check compares, from one plan:
// the variants, the marketplace (nil when there is none to write) and the
// README's workflow graph.
type projected struct {
	plan       *Plan
	marketPath string
	market     []byte
	readme     readme
}

func project(o Options) (*projected, error) {
	plan, err := MakePlan(o)
	if err != nil {
		return nil, err
	}
	p := &projected{plan: plan}
	if p.marketPath, p.market, err = marketplace(o, plan); err != nil {
		return nil, err
	}
	if p.readme, err = readmeGraph(o, plan); err != nil {
		return nil, err
	}
	return p, nil
}

// renderVariant renders one variant; a variable so a test can count the
// renders a build or a check makes (each variant exactly once).
var renderVariant = (*render.Prepared).Render

// MakePlan loads plugin-src and renders the selected variants.
func MakePlan(o Options) (*Plan, error) {
	eng, err := engineFor(o)
	if err != nil {
		return nil, err
	}
	fsys := o.SrcFS
	if fsys == nil {
		if _, err := os.Stat(o.Src); err != nil {
			return nil, fmt.Errorf("%s: plugin source directory not found", o.Src)
		}
		fsys = os.DirFS(o.Src)
	}
	src, err := source.Load(fsys, filepath.ToSlash(o.Src))
	if err != nil {
		return nil, err
	}
	prep, err := eng.Prepare(src)
	if err != nil {
		return nil, err
	}
	variants, err := selectVariants(src.Manifest, o)
	if err != nil {
		return nil, err
	}
	lookup := func(p string) []byte {
		if b, ok := src.Sources[p]; ok {
			return b
		}
		return eng.Sources[p]
	}
	plan := &Plan{Plugin: src, Lookup: lookup, Full: o.Variant == "" && o.Out == ""}
	for _, v := range variants {
		info := render.Info(src.Manifest, v)
		if err := checkBudget(src, info.Name); err != nil {
			return nil, err
		}
		rendered, err := renderVariant(prep, info)
		if err != nil {
			return nil, err
		}
		for _, f := range rendered {
			if f.Path == model.ProvenancePath { // only files/<name> renders to the variant root
				return nil, &model.PosError{File: path.Join(src.Dir, "files", f.Path), Msg: "this name is reserved for the provenance manifest plugforge writes; rename the file"}
			}
		}
		files, err := variantTree(v.ID, info, rendered, lookup)
		if err != nil {
			return nil, err
		}
		dir := filepath.Join(o.Dist, v.ID)
		if o.Out != "" {
			dir = o.Out
		}
		plan.Outputs = append(plan.Outputs, Output{ID: v.ID, Dir: dir, Info: info, Rendered: rendered, Files: files})
	}
	return plan, nil
}

// Output returns the rendered variant id; "" means the first rendered
// (the first declared, for a plan of every variant).
func (p *Plan) Output(id string) (*Output, error) {
	for i := range p.Outputs {
		if id == "" || p.Outputs[i].ID == id {
			return &p.Outputs[i], nil
		}
	}
	return nil, fmt.Errorf("variant %q was not rendered", id)
}

// Graph renders the plan of o and draws its variant o.Variant, the first
// declared when that is "".
func Graph(o Options) (*graph.Graph, error) {
	plan, err := MakePlan(o)
	if err != nil {
		return nil, err
	}
	return plan.Graph(o.Variant)
}

// Graph is the workflow picture of the rendered variant id ("" for the
// first, as in Output).
func (p *Plan) Graph(id string) (*graph.Graph, error) {
	out, err := p.Output(id)
	if err != nil {
		return nil, err
	}
	return graph.Build(graph.Variant{Plugin: p.Plugin, ID: out.ID, Info: out.Info, Files: out.Rendered}), nil
}

// selectVariants applies --variant, --name and --dialect.
func selectVariants(m model.Manifest, o Options) ([]model.Variant, error) {
	vs := m.Variants
	if o.Variant != "" {
		vs = nil
		for _, v := range m.Variants {
			if v.ID == o.Variant {
				vs = append(vs, v)
			}
		}
		if vs == nil {
			return nil, fmt.Errorf("no variant %q in %s (have %s)", o.Variant, path.Join(o.Src, "plugin.yaml"), variantIDs(m))
		}
	}
	if (o.Name != "" || o.Dialect != "" || o.Out != "") && len(vs) != 1 {
		return nil, fmt.Errorf("--name, --dialect and --out need one variant: add --variant (have %s)", variantIDs(m))
	}
	if o.Name != "" {
		if !model.ValidName(o.Name) {
			return nil, fmt.Errorf("--name %q is not a kebab-case plugin name", o.Name)
		}
		vs[0].Name = o.Name
	}
	if o.Dialect != "" {
		d, err := model.ParseDialect(o.Dialect)
		if err != nil {
			return nil, fmt.Errorf("--dialect: %w", err)
		}
		vs[0].Dialect = d
	}
	return vs, nil
}

func variantIDs(m model.Manifest) string {
	ids := make([]string, len(m.Variants))
	for i, v := range m.Variants {
		ids[i] = v.ID
	}
	sort.Strings(ids)
	return fmt.Sprint(ids)
}
