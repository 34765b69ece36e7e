package synth

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
)

// fixedFiles is the number of files every tree has whatever its size:
// the manifest, the hooks file, README and LICENSE.
const fixedFiles = 4

// MinFiles is the smallest tree: the fixed files plus one script, command,
// agent, skill and reference file.
const MinFiles = fixedFiles + 5

// layout is how many files of each kind a tree holds.
type layout struct {
	commands, agents, skills, refs, scripts int
}

func layoutFor(files int) (layout, error) {
	if files < MinFiles {
		return layout{}, fmt.Errorf("synth: %d files is too few (at least %d)", files, MinFiles)
	}
	rest := files - fixedFiles
	l := layout{scripts: min(max(rest/100, 1), 30)}
	rest -= l.scripts
	l.commands = max(rest/5, 1)
	l.agents = max(rest/5, 1)
	l.skills = max(rest/5, 1)
	l.refs = rest - l.commands - l.agents - l.skills
	return l, nil
}

// component is one command, agent or skill.
type component struct {
	name, description string
	refs              []string // skill reference files, relative to the skill dir
}

// plugin is the whole synthetic plugin, before it is written in one form
// or the other.
type plugin struct {
	name                     string
	commands, agents, skills []component
	scripts                  []string
	rng                      *rand.Rand
}

func newPlugin(name string, files int, seed int64) (*plugin, error) {
	l, err := layoutFor(files)
	if err != nil {
		return nil, err
	}
	p := &plugin{name: name, rng: rand.New(rand.NewSource(seed))}
	for i := 0; i < l.commands; i++ {
		p.commands = append(p.commands, component{name: p.ident(verbs, nouns, i), description: p.sentence(8, 20)})
	}
	for i := 0; i < l.agents; i++ {
		p.agents = append(p.agents, component{name: p.ident(nouns, roles, i), description: "Use when " + lowerFirst(p.sentence(8, 20))})
	}
	for i := 0; i < l.skills; i++ {
		p.skills = append(p.skills, component{name: p.ident(gerunds, nouns, i), description: p.sentence(8, 20) + " Use when " + lowerFirst(p.sentence(4, 10))})
	}
	for i := 0; i < l.refs; i++ {
		s := &p.skills[i%len(p.skills)]
		s.refs = append(s.refs, fmt.Sprintf("references/%s-%d.md", pick(p.rng, nouns), len(s.refs)))
	}
	for i := 0; i < l.scripts; i++ {
		p.scripts = append(p.scripts, fmt.Sprintf("%s-%d.sh", pick(p.rng, verbs), i))
	}
	return p, nil
}

// ident is a kebab-case name, unique by its index suffix.
func (p *plugin) ident(first, second []string, i int) string {
	return fmt.Sprintf("%s-%s-%d", pick(p.rng, first), pick(p.rng, second), i)
}

func pick(r *rand.Rand, words []string) string { return words[r.Intn(len(words))] }

func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }

// size draws a byte count log-uniformly from [lo, hi].
func (p *plugin) size(lo, hi int) int {
	return int(float64(lo) * math.Pow(float64(hi)/float64(lo), p.rng.Float64()))
}

func (p *plugin) sentence(lo, hi int) string {
	n := lo + p.rng.Intn(hi-lo+1)
	words := make([]string, n)
	for i := range words {
		words[i] = pick(p.rng, prose)
	}
	s := strings.Join(words, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// refs renders references to other components: as template actions in
// plugin-src, as the text they render to in a shipped plugin.
type refs interface {
	cmd(name string) string
	agent(name string) string
	skill(name string) string
	plugin() string
}

type srcRefs struct{}

func (srcRefs) cmd(n string) string   { return fmt.Sprintf("{{.Cmd %q}}", n) }
func (srcRefs) agent(n string) string { return fmt.Sprintf("`{{.Agent %q}}`", n) }
func (srcRefs) skill(n string) string { return fmt.Sprintf("{{.Skill %q}}", n) }
func (srcRefs) plugin() string        { return "{{.Plugin.Name}}" }

type shipRefs struct{ name string }

func (r shipRefs) cmd(n string) string   { return "/" + r.name + ":" + n }
func (r shipRefs) agent(n string) string { return "`" + r.name + ":" + n + "`" }
func (r shipRefs) skill(n string) string { return r.name + ":" + n }
func (r shipRefs) plugin() string        { return r.name }

// body writes markdown of about n bytes: headings, paragraphs that cite
// other components, lists and fenced shell snippets.
func (p *plugin) body(n int, r refs) string {
	var b strings.Builder
	b.WriteString("# " + strings.TrimSuffix(p.sentence(3, 6), ".") + "\n\n")
	for b.Len() < n {
		switch p.rng.Intn(6) {
		case 0: // a section never stays empty
			b.WriteString("## " + strings.TrimSuffix(p.sentence(2, 5), ".") + "\n\n" + p.sentence(6, 18) + "\n\n")
		case 1:
			for i := 0; i < 2+p.rng.Intn(4); i++ {
				b.WriteString("- " + p.sentence(5, 14) + "\n")
			}
			b.WriteString("\n")
		case 2:
			b.WriteString("```bash\n")
			for i := 0; i < 2+p.rng.Intn(5); i++ {
				b.WriteString(pick(p.rng, shell) + "\n")
			}
			b.WriteString("```\n\n")
		default:
			for i := 0; i < 3+p.rng.Intn(5); i++ {
				b.WriteString(p.sentence(6, 18) + " ")
			}
			switch p.rng.Intn(4) {
			case 0:
				b.WriteString("Then run " + r.cmd(p.commands[p.rng.Intn(len(p.commands))].name) + ".")
			case 1:
				b.WriteString("Delegate the search to " + r.agent(p.agents[p.rng.Intn(len(p.agents))].name) + ".")
			case 2:
				b.WriteString("Follow the " + r.skill(p.skills[p.rng.Intn(len(p.skills))].name) + " skill.")
			default:
				b.WriteString("This is part of " + r.plugin() + ".")
			}
			b.WriteString("\n\n")
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// script is a bash hook script of about n bytes.
func (p *plugin) script(n int, r refs) string {
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\n# " + p.sentence(4, 10) + "\nset -euo pipefail\n\n")
	b.WriteString("plugin=\"" + r.plugin() + "\"\n")
	for b.Len() < n {
		fn := pick(p.rng, verbs) + "_" + pick(p.rng, nouns)
		b.WriteString(fn + "() {\n")
		for i := 0; i < 2+p.rng.Intn(4); i++ {
			b.WriteString("  " + pick(p.rng, shell) + "\n")
		}
		b.WriteString("}\n\n")
	}
	b.WriteString("echo \"$plugin: done\"\n")
	return b.String()
}

// hookEvents spreads scripts over a few events, with their matchers.
var hookEvents = []struct {
	event   string
	matcher []string
}{
	{"SessionStart", []string{"startup", "resume", "clear"}},
	{"PreToolUse", []string{"Bash"}},
	{"PostToolUse", []string{"Write", "Edit"}},
	{"Stop", nil},
	{"UserPromptSubmit", nil},
	{"SessionEnd", []string{"clear", "logout"}},
}

// hookGroups returns, in event order, each event's scripts.
func (p *plugin) hookGroups() [][]string {
	groups := make([][]string, len(hookEvents))
	for i, s := range p.scripts {
		groups[i%len(hookEvents)] = append(groups[i%len(hookEvents)], s)
	}
	return groups
}

// writer writes files under a root, creating directories as needed.
type writer struct{ root string }

func (w writer) write(rel, data string, mode fs.FileMode) error {
	p := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(p, []byte(data), mode); err != nil {
		return err
	}
	return os.Chmod(p, mode) // WriteFile's mode is subject to umask
}

// PluginSrc writes a plugin-src tree of exactly files files into dir, which
// must not exist or be empty. It declares two variants, like the real
// plugin: synth (agent-sendmessage) and synth-classic (task-resume).
func PluginSrc(dir string, files int, seed int64) error {
	p, err := newPlugin("synth", files, seed)
	if err != nil {
		return err
	}
	w := writer{dir}
	r := srcRefs{}
	manifest := "name: synth\nversion: \"1.0.0\"\ndescription: " + q(p.sentence(8, 16)) + "\nauthor:\n  name: \"Synth\"\nlicense: \"MIT\"\n" +
		"keywords: [synthetic, benchmark]\nvariants:\n  - id: synth\n    name: synth\n    dialect: agent-sendmessage\n" +
		"  - id: synth-classic\n    name: synth-classic\n    dialect: task-resume\n"
	if err := w.write("plugin.yaml", manifest, 0o644); err != nil {
		return err
	}
	var hooks strings.Builder
	for i, scripts := range p.hookGroups() {
		if len(scripts) == 0 {
			continue
		}
		hooks.WriteString(hookEvents[i].event + ":\n")
		for _, s := range scripts {
			if m := hookEvents[i].matcher; m != nil {
				hooks.WriteString("  - matcher: [" + strings.Join(m, ", ") + "]\n    hooks:\n")
			} else {
				hooks.WriteString("  - hooks:\n")
			}
			hooks.WriteString("      - type: command\n        script: " + s + "\n        timeout: 10\n")
		}
	}
	if err := w.write("hooks/hooks.yaml", hooks.String(), 0o644); err != nil {
		return err
	}
	for _, s := range p.scripts {
		if err := w.write("hooks/"+s, p.script(p.size(1<<10, 3<<10), r), 0o755); err != nil {
			return err
		}
	}
	for _, c := range p.commands {
		fm := "---\ndescription: " + q(c.description) + "\nargument-hint: \"[" + pick(p.rng, nouns) + "]\"\n---\n"
		if err := w.write("commands/"+c.name+".md", fm+p.body(p.size(2<<10, 20<<10), r), 0o644); err != nil {
			return err
		}
	}
	for _, a := range p.agents {
		fm := "---\nname: " + a.name + "\ndescription: " + q(a.description) + "\ntools: [Read, Grep, Glob]\nmodel: " + pick(p.rng, models) + "\n---\n"
		if err := w.write("agents/"+a.name+".md", fm+p.body(p.size(2<<10, 20<<10), r), 0o644); err != nil {
			return err
		}
	}
	for _, s := range p.skills {
		if err := p.writeSkill(w, "skills/"+s.name, s, r, "---\nname: "+s.name+"\ndescription: "+q(s.description)+"\n---\n"); err != nil {
			return err
		}
	}
	if err := w.write("files/README.md", p.body(p.size(2<<10, 8<<10), r), 0o644); err != nil {
		return err
	}
	return w.write("files/LICENSE", license, 0o644)
}

func (p *plugin) writeSkill(w writer, dir string, s component, r refs, fm string) error {
	body := fm + p.body(p.size(2<<10, 20<<10), r)
	if len(s.refs) > 0 {
		body += "\n## References\n\n"
		for _, ref := range s.refs {
			body += "- [" + ref + "](" + ref + ")\n"
		}
	}
	if err := w.write(dir+"/SKILL.md", body, 0o644); err != nil {
		return err
	}
	for _, ref := range s.refs {
		if err := w.write(dir+"/"+ref, p.body(p.size(1<<10, 10<<10), r), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Plugin writes a shipped (rendered) plugin of exactly files files into
// dir: .claude-plugin/plugin.json, hooks/hooks.json with its scripts,
// commands, agents, skills with reference files, README.md and LICENSE.
// Its name is "synth-plugin"; it is valid for Claude Code.
func Plugin(dir string, files int, seed int64) error {
	return writePlugin(dir, "synth-plugin", files, seed)
}

func writePlugin(dir, name string, files int, seed int64) error {
	p, err := newPlugin(name, files, seed)
	if err != nil {
		return err
	}
	w := writer{dir}
	r := shipRefs{name}
	manifest := map[string]any{
		"name": name, "version": "1.0.0", "description": p.sentence(8, 16),
		"author": map[string]string{"name": "Synth"}, "license": "MIT", "keywords": []string{"synthetic", "benchmark"},
	}
	if err := w.write(".claude-plugin/plugin.json", jsonText(manifest), 0o644); err != nil {
		return err
	}
	events := map[string]any{}
	for i, scripts := range p.hookGroups() {
		var groups []any
		for _, s := range scripts {
			g := map[string]any{"hooks": []any{map[string]any{
				"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/" + s + "\"", "timeout": 10,
			}}}
			if m := hookEvents[i].matcher; m != nil {
				g["matcher"] = strings.Join(m, "|")
			}
			groups = append(groups, g)
		}
		if groups != nil {
			events[hookEvents[i].event] = groups
		}
	}
	if err := w.write("hooks/hooks.json", jsonText(map[string]any{"hooks": events}), 0o644); err != nil {
		return err
	}
	for _, s := range p.scripts {
		if err := w.write("hooks/"+s, p.script(p.size(1<<10, 3<<10), r), 0o755); err != nil {
			return err
		}
	}
	for _, c := range p.commands {
		fm := "---\ndescription: " + q(c.description) + "\nargument-hint: \"[" + pick(p.rng, nouns) + "]\"\n---\n\n"
		if err := w.write("commands/"+c.name+".md", fm+p.body(p.size(2<<10, 20<<10), r), 0o644); err != nil {
			return err
		}
	}
	for _, a := range p.agents {
		fm := "---\nname: " + a.name + "\ndescription: " + q(a.description) + "\ntools: [\"Read\", \"Grep\", \"Glob\"]\nmodel: " + pick(p.rng, models) + "\n---\n\n"
		if err := w.write("agents/"+a.name+".md", fm+p.body(p.size(2<<10, 20<<10), r), 0o644); err != nil {
			return err
		}
	}
	for _, s := range p.skills {
		if err := p.writeSkill(w, "skills/"+s.name, s, r, "---\nname: "+s.name+"\ndescription: "+q(s.description)+"\n---\n\n"); err != nil {
			return err
		}
	}
	readme := "# " + name + "\n\n" + p.sentence(10, 20) + "\n\nInstall it with `/plugin install " + name + "@synth-market`.\n\n" + p.body(p.size(2<<10, 8<<10), r)
	if err := w.write("README.md", readme, 0o644); err != nil {
		return err
	}
	return w.write("LICENSE", license, 0o644)
}

// Marketplace writes dir/.claude-plugin/marketplace.json listing plugins
// plugins, each a Plugin of filesPerPlugin files under dir/plugins/<name>/
// (names synth-plugin-001, synth-plugin-002, …), so the tree holds
// 1 + plugins×filesPerPlugin files.
func Marketplace(dir string, plugins, filesPerPlugin int, seed int64) error {
	if plugins < 1 {
		return fmt.Errorf("synth: a marketplace needs at least one plugin")
	}
	var entries []any
	for i := 1; i <= plugins; i++ {
		name := fmt.Sprintf("synth-plugin-%03d", i)
		if err := writePlugin(filepath.Join(dir, "plugins", name), name, filesPerPlugin, seed+int64(i)); err != nil {
			return err
		}
		entries = append(entries, map[string]any{
			"name": name, "source": "./plugins/" + name, "version": "1.0.0",
			"description": fmt.Sprintf("Synthetic plugin %d of %d.", i, plugins),
		})
	}
	m := map[string]any{
		"name": "synth-market", "owner": map[string]string{"name": "Synth"},
		"description": "A synthetic marketplace for benchmarks.", "plugins": entries,
	}
	return writer{dir}.write(".claude-plugin/marketplace.json", jsonText(m), 0o644)
}

// Size counts the regular files under dir and their bytes.
func Size(dir string) (files int, bytes int64, err error) {
	err = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		files++
		bytes += info.Size()
		return nil
	})
	return files, bytes, err
}

// q is a YAML (and JSON) double-quoted string.
func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// jsonText is indented JSON with sorted keys and a final newline.
func jsonText(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b) + "\n"
}

const license = `MIT License

Copyright (c) Synth

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`
