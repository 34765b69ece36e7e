package source

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/adrg/frontmatter"

	"github.com/plugforge/plugforge/generator/model"
)

// Doc is a markdown source: typed frontmatter plus a template body.
type Doc[T any] struct {
	Name string // component name (file or directory name)
	Path string // display path, e.g. plugin-src/commands/specify.md
	Meta T
	Body string
	// BodyLine is the file line the body starts on, so template errors
	// point at the right line of the source file.
	BodyLine int
}

// File is any other source file; text files are rendered as templates.
type File struct {
	Path string // display path
	Rel  string // path inside plugin-src, slash-separated
	Data []byte
	Exec bool
	// Raw files (under plugin-src/raw/) are copied byte for byte: not
	// templates, no marker, any bytes (binary files, CRLF text).
	Raw bool
}

// Plugin is everything plugin-src declares, in a walk-order-independent form.
type Plugin struct {
	Dir      string // display prefix, e.g. "plugin-src"
	Manifest model.Manifest
	Commands []Doc[model.Command]
	Agents   []Doc[model.Agent]
	Skills   []Doc[model.Skill]
	Hooks    *model.Hooks
	Roles    *model.Roles
	// Files are skill reference files, hook scripts and root files.
	Files []File
	// Sources maps each display path read to its bytes, for provenance.
	Sources map[string][]byte
	// siteLines holds the roles.yaml line of each dispatch site (SiteLine).
	siteLines map[string]int
}

// ScenariosDir is the directory of plugin-src that holds the end-to-end
// scenarios of each variant (plugin-src/scenarios/<variant>/*.yaml). The
// loader skips it: scenarios are read by the harness, not rendered.
const ScenariosDir = "scenarios"

// MaxFileSize bounds any single source file so a stray binary cannot eat memory.
const MaxFileSize = 4 << 20

// Load reads a plugin-src tree from fsys. dir is only used in messages.
func Load(fsys fs.FS, dir string) (*Plugin, error) {
	p := &Plugin{Dir: dir, Sources: map[string][]byte{}}
	var paths []string
	err := fs.WalkDir(fsys, ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			return &model.PosError{File: p.display(rel), Msg: fmt.Sprintf("cannot read: %v", unwrapPath(err))}
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return &model.PosError{File: p.display(rel), Msg: "symlinks are not allowed in plugin-src; copy the file instead"}
		}
		// scenarios/ holds the plugin's end-to-end suite (plugforge test
		// scenarios, one directory per variant): it tests the output and
		// is never rendered into it.
		if d.IsDir() && rel == ScenariosDir {
			return fs.SkipDir
		}
		if !d.IsDir() {
			paths = append(paths, rel)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths) // walk order must never reach the output
	// plugin.yaml first: output.exact changes how every other file is read.
	if i := sort.SearchStrings(paths, "plugin.yaml"); i < len(paths) && paths[i] == "plugin.yaml" {
		paths = append(append([]string{"plugin.yaml"}, paths[:i]...), paths[i+1:]...)
	}
	for _, rel := range paths {
		if err := p.add(fsys, rel); err != nil {
			return nil, err
		}
	}
	if p.Sources[p.display("plugin.yaml")] == nil {
		return nil, &model.PosError{File: p.display("plugin.yaml"), Msg: "missing: plugin-src needs a plugin.yaml manifest"}
	}
	return p, p.checkNames()
}

func (p *Plugin) display(rel string) string { return path.Join(p.Dir, rel) }

func (p *Plugin) add(fsys fs.FS, rel string) error {
	disp := p.display(rel)
	info, err := fs.Stat(fsys, rel)
	if err != nil {
		return &model.PosError{File: disp, Msg: fmt.Sprintf("cannot read: %v", unwrapPath(err))}
	}
	if info.Size() > MaxFileSize {
		return &model.PosError{File: disp, Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit", info.Size(), MaxFileSize)}
	}
	data, err := fs.ReadFile(fsys, rel)
	if err != nil {
		return &model.PosError{File: disp, Msg: fmt.Sprintf("cannot read: %v", unwrapPath(err))}
	}
	p.Sources[disp] = data
	parts := strings.Split(rel, "/")
	exact := p.Manifest.Output.Exact
	switch {
	case rel == "plugin.yaml":
		if err := decodeStrict(disp, 0, data, &p.Manifest); err != nil {
			return err
		}
		if err := p.Manifest.CheckPluginJSON(); err != nil {
			return posErr(disp, 0, data, err)
		}
		return requireTyped(disp, data, &p.Manifest)
	case rel == "hooks/hooks.yaml":
		p.Hooks = &model.Hooks{}
		return decodeStrict(disp, 0, data, p.Hooks)
	case rel == "roles.yaml":
		p.Roles = &model.Roles{}
		if err := decodeStrict(disp, 0, data, p.Roles); err != nil {
			return err
		}
		p.siteLines = readSiteLines(data)
		return nil
	case len(parts) == 2 && parts[0] == "commands" && strings.HasSuffix(rel, ".md"):
		d, err := parseComponent[model.Command](exact, disp, strings.TrimSuffix(parts[1], ".md"), data)
		p.Commands = append(p.Commands, d)
		return err
	case len(parts) == 2 && parts[0] == "agents" && strings.HasSuffix(rel, ".md"):
		d, err := parseComponent[model.Agent](exact, disp, strings.TrimSuffix(parts[1], ".md"), data)
		p.Agents = append(p.Agents, d)
		return err
	case len(parts) == 3 && parts[0] == "skills" && parts[2] == "SKILL.md":
		d, err := parseComponent[model.Skill](exact, disp, parts[1], data)
		p.Skills = append(p.Skills, d)
		return err
	case len(parts) >= 3 && parts[0] == "skills",
		len(parts) == 2 && parts[0] == "hooks",
		len(parts) >= 2 && parts[0] == "files":
		if err := checkText(disp, data); err != nil {
			return err
		}
		// The typed path makes every .sh executable; an exact copy keeps
		// the source's bit, so a sourced library stays non-executable.
		exec := info.Mode()&0o111 != 0 || (!exact && strings.HasSuffix(rel, ".sh"))
		p.Files = append(p.Files, File{Path: disp, Rel: rel, Data: data, Exec: exec})
		return nil
	case len(parts) >= 2 && parts[0] == "raw":
		p.Files = append(p.Files, File{Path: disp, Rel: rel, Data: data, Exec: info.Mode()&0o111 != 0, Raw: true})
		return nil
	}
	return &model.PosError{File: disp, Msg: "unexpected file: plugin-src holds plugin.yaml, roles.yaml, commands/*.md, agents/*.md, skills/<name>/, hooks/, files/, raw/ and scenarios/"}
}

// parseComponent reads a command, agent or skill: strictly on the typed
// path, as a whole-file template in an exact plugin.
func parseComponent[T any](exact bool, disp, name string, data []byte) (Doc[T], error) {
	if exact {
		return parseExact[T](disp, name, data)
	}
	return parseDoc[T](disp, name, data)
}

// parseDoc splits frontmatter from body and decodes the frontmatter strictly.
func parseDoc[T any](disp, name string, data []byte) (Doc[T], error) {
	d := Doc[T]{Name: name, Path: disp}
	if err := checkText(disp, data); err != nil {
		return d, err
	}
	if !bytes.HasPrefix(data, []byte("---\n")) {
		return d, &model.PosError{File: disp, Line: 1, Msg: "missing frontmatter: the file must start with a --- line"}
	}
	var raw []byte
	format := frontmatter.NewFormat("---", "---", func(b []byte, v any) error {
		*(v.(*[]byte)) = append([]byte(nil), b...)
		return nil
	})
	body, err := frontmatter.MustParse(bytes.NewReader(data), &raw, format)
	if err != nil {
		return d, &model.PosError{File: disp, Line: 1, Msg: "frontmatter is not closed by a --- line"}
	}
	d.Body = string(body)
	d.BodyLine = 1 + bytes.Count(data[:len(data)-len(body)], []byte("\n"))
	if !model.ValidName(name) {
		return d, &model.PosError{File: disp, Line: 1, Msg: fmt.Sprintf("name %q is not kebab-case (a-z, 0-9, single hyphens, at most 64)", name)}
	}
	return d, decodeStrict(disp, 1, raw, &d.Meta)
}

// checkNames enforces the cross-file rules one file cannot see. An exact
// (imported) plugin keeps the names it was written with: Claude Code
// accepts an agent whose name differs from its file (2.1.330's
// `claude plugin validate` lists agents/file-name.md with "name:
// other-name" as <plugin>:other-name, without a finding).
func (p *Plugin) checkNames() error {
	if !p.Manifest.Output.Exact {
		if err := p.checkComponentNames(); err != nil {
			return err
		}
	}
	if err := p.checkHookScripts(); err != nil {
		return err
	}
	if len(p.Manifest.Variants) == 0 {
		return &model.PosError{File: p.display("plugin.yaml"), Line: 1, Msg: "no variants declared"}
	}
	ids := map[string]bool{}
	for _, v := range p.Manifest.Variants {
		if ids[v.ID] {
			return &model.PosError{File: p.display("plugin.yaml"), Line: v.Line(), Msg: fmt.Sprintf("variant id %q declared twice", v.ID)}
		}
		ids[v.ID] = true
	}
	return nil
}

// checkComponentNames ties agent and skill names to their files and keeps
// skills and commands apart.
func (p *Plugin) checkComponentNames() error {
	for _, a := range p.Agents {
		if a.Meta.Name != a.Name {
			return &model.PosError{File: a.Path, Line: 2, Msg: fmt.Sprintf("agent name %q must equal the file name %q", a.Meta.Name, a.Name)}
		}
	}
	cmds := map[string]string{}
	for _, c := range p.Commands {
		cmds[c.Name] = c.Path
	}
	for _, s := range p.Skills {
		if s.Meta.Name != s.Name {
			return &model.PosError{File: s.Path, Line: 2, Msg: fmt.Sprintf("skill name %q must equal its directory %q", s.Meta.Name, s.Name)}
		}
		if other, ok := cmds[s.Name]; ok {
			return &model.PosError{File: s.Path, Line: 2, Msg: fmt.Sprintf("skill %q has the same name as command %s; Claude Code would list both as /%s", s.Name, other, s.Name)}
		}
	}
	return nil
}

// checkHookScripts makes sure every script hooks.yaml names exists.
func (p *Plugin) checkHookScripts() error {
	if p.Hooks != nil {
		scripts := map[string]bool{}
		for _, f := range p.Files {
			scripts[f.Rel] = true
		}
		for _, e := range p.Hooks.Events {
			for _, g := range e.Groups {
				for _, h := range g.Hooks {
					if !scripts["hooks/"+h.Script] {
						return &model.PosError{File: p.display("hooks/hooks.yaml"), Line: h.Line(), Msg: fmt.Sprintf("hook script %q is not a file in %s", h.Script, p.display("hooks"))}
					}
				}
			}
		}
	}
	return nil
}

func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// Names are the component names a plugin declares, for reference checks.
type Names struct {
	Commands, Agents, Skills map[string]bool
}

// Names lists the plugin's commands, agents and skills.
func (p *Plugin) Names() Names {
	n := Names{Commands: map[string]bool{}, Agents: map[string]bool{}, Skills: map[string]bool{}}
	for _, c := range p.Commands {
		n.Commands[c.Name] = true
	}
	for _, a := range p.Agents {
		n.Agents[a.Name] = true
	}
	for _, s := range p.Skills {
		n.Skills[s.Name] = true
	}
	return n
}
