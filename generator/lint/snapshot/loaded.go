package snapshot

import (
	"bytes"
	"path"
	"strings"
	"sync"

	"github.com/plugforge/plugforge/generator/internal/needle"
	"github.com/plugforge/plugforge/generator/internal/parallel"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Loaded reports whether Claude Code loads, reads or runs f: the files a
// prompt rule should look at. Which files those are was checked against
// the plugin loader of Claude Code 2.1.330 (the binary's strings) and
// the team's notes on Claude Code's plugin formats (§8, plugin layout):
//
//   - the manifests (.claude-plugin/plugin.json, marketplace.json), hooks
//     files, .mcp.json, .lsp.json and settings.json: the loader parses them;
//   - commands, agents and SKILL.md files: loaded as components, their
//     bodies become prompts;
//   - output styles (output-styles/*.md, or the outputStyles paths of
//     plugin.json, which replace the default folder): loaded as prompts;
//   - workflow scripts (Components.Workflows): run as commands;
//   - files directly in bin/: Claude Code puts that folder on the PATH of
//     its Bash tool, so they run by bare name;
//   - every other file inside a skill directory, except the ones that are
//     plainly documentation for people (see docOnly): a skill's scripts,
//     references and templates are what its SKILL.md tells Claude to read
//     or run, usually by a bare relative path no linter can resolve;
//   - any file that a loaded file names: a relative markdown link, or a
//     ${CLAUDE_PLUGIN_ROOT}/… or ${CLAUDE_SKILL_DIR}/… path (hook and MCP
//     commands, prompts that tell Claude to read or run a plugin file).
//
// Not loaded, unless a loaded file names them: README.md, CHANGELOG.md,
// docs/, translated copies, design plans, release notes, a root CLAUDE.md
// (plugins cannot ship one), and other tools' installers or configs.
// Claude Code never reads those, so a prompt rule firing there reports
// nothing that happens in Claude Code.
func (p *Plugin) Loaded(f *File) bool {
	p.loadedOnce.Do(p.markLoaded)
	return p.loaded[f]
}

// Generated reports whether plugforge build wrote f: the variant's
// .plugforge-manifest.json lists it. Rules about plugforge's own output
// conventions (template leftovers, the dispatch skeletons) look only here.
func (p *Plugin) Generated(f *File) bool {
	return p.Provenance != nil && f.Path != "" && p.Provenance.Entry(f.Path) != nil
}

func (p *Plugin) markLoaded() {
	p.loaded = map[*File]bool{}
	styles := cleanAll(Declared(p.ManifestValue(), "outputStyles"))
	if len(styles) == 0 { // outputStyles replaces the default folder (2.1.330: `sn=!jt&&ct`)
		styles = []string{"output-styles"}
	}
	var frontier []*File
	for _, w := range p.Components().Workflows { // run as commands
		p.loaded[w.File] = true
		frontier = append(frontier, w.File)
	}
	for _, f := range p.Files {
		if !f.IsRegular() || !p.loadedByKind(f, styles) {
			continue
		}
		p.loaded[f] = true
		frontier = append(frontier, f)
	}
	// Follow what loaded files name, a round at a time: what each file of
	// a round names is found in parallel (a markdown parse for links, a
	// scan of a script for its helpers' names), since every Loaded-scope
	// rule waits for the result. Each file joins a round at most once, so
	// this ends after at most len(Files) files.
	near := &nearIndex{p: p}
	for len(frontier) > 0 {
		names := make([][]string, len(frontier))
		parallel.Each(len(frontier), func(i int) { names[i] = p.named(frontier[i], near) })
		var next []*File
		for _, rels := range names {
			for _, rel := range rels {
				if g := p.regular(rel); g != nil && !p.loaded[g] {
					p.loaded[g] = true
					next = append(next, g)
				}
			}
		}
		frontier = next
	}
}

func (p *Plugin) loadedByKind(f *File, styles []string) bool {
	switch f.Kind {
	case KindManifest, KindMarketplace, KindHooks, KindMCP, KindLSP, KindSettings,
		KindCommand, KindAgent, KindSkill:
		return true
	case KindSkillFile, KindMarkdown:
		if d := p.skillDirOf(f.Path); d != "" || f.Kind == KindSkillFile {
			return !docOnly(strings.TrimPrefix(f.Path, d+"/"))
		}
	}
	if path.Dir(f.Path) == "bin" { // 2.1.330 puts a plugin's bin/ on the Bash tool's PATH
		return true
	}
	if strings.HasSuffix(f.Path, ".md") {
		for _, s := range styles {
			if under(f.Path, s) {
				return true
			}
		}
	}
	return false
}

// SkillDirOf is the directory of the nearest SKILL.md at or above rel's
// directory, or "": the skill rel belongs to.
func (p *Plugin) SkillDirOf(rel string) string { return p.skillDirOf(rel) }

func (p *Plugin) skillDirOf(rel string) string {
	for d := path.Dir(rel); d != "." && d != "/"; d = path.Dir(d) {
		if f := p.regular(d + "/SKILL.md"); f != nil && f.Kind == KindSkill {
			return d
		}
	}
	return ""
}

// docNames are base names (lower case, extension dropped) of files written
// for people browsing a repository, never read by Claude Code on its own.
var docNames = map[string]bool{"readme": true, "changelog": true, "changes": true, "history": true,
	"license": true, "licence": true, "notice": true, "contributing": true, "code_of_conduct": true,
	"security": true, "authors": true, "release-notes": true, "release_notes": true, "releases": true}

// docDirs hold documentation, plans and translations rather than prompts.
var docDirs = map[string]bool{"docs": true, "doc": true, "plans": true, "design": true, "i18n": true,
	"translations": true, "locales": true, "l10n": true, ".github": true}

// translatedRE matches a translated copy such as README.zh-CN.md or
// SKILL.ja.md: the language tag sits between the name and the extension.
var translatedRE = lazyre.New(`\.[a-z]{2}(?:[-_][A-Za-z]{2,4})?\.md$`)

// docOnly reports whether rel (relative to a skill directory) is plainly
// documentation for people rather than something the skill uses.
func docOnly(rel string) bool {
	base := path.Base(rel)
	stem := strings.ToLower(strings.TrimSuffix(base, path.Ext(base)))
	if docNames[stem] || translatedRE.MatchString(base) {
		return true
	}
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if docDirs[strings.ToLower(seg)] {
			return true
		}
	}
	return false
}

var rootRefRE = lazyre.New(`\$\{?(CLAUDE_PLUGIN_ROOT|CLAUDE_SKILL_DIR)\}?["']?/([A-Za-z0-9._/@+-]+)`)

// named lists the plugin files f names: relative markdown links (resolved
// against f's directory) and ${CLAUDE_PLUGIN_ROOT}/${CLAUDE_SKILL_DIR}
// paths. Plugin-relative paths; ones that leave the root are dropped.
func (p *Plugin) named(f *File, near *nearIndex) []string {
	var out []string
	if (f.Kind.IsMarkdown() || strings.HasSuffix(f.Path, ".md")) && mayLink(f.Data) {
		for _, l := range f.Markdown().Links() {
			dest, _, _ := strings.Cut(l.Dest, "#")
			if dest == "" || strings.Contains(dest, ":") || strings.HasPrefix(dest, "/") {
				continue
			}
			if c := cleanRel(path.Join(f.Dir(), dest)); c != ".." && c != "" {
				out = append(out, c)
			}
		}
	}
	if f.Kind == KindOther || f.Kind == KindSkillFile {
		out = append(out, near.named(f)...)
	}
	if !bytes.Contains(f.Data, []byte("CLAUDE_")) {
		return out
	}
	for _, m := range rootRefRE.FindAllSubmatch(f.Data, -1) {
		base := ""
		if string(m[1]) == "CLAUDE_SKILL_DIR" {
			if base = p.skillDirOf(f.Path); base == "" {
				continue
			}
		}
		if c := cleanRel(path.Join(base, strings.TrimRight(string(m[2]), "."))); c != ".." && c != "" {
			out = append(out, c)
		}
	}
	return out
}

// mayLink reports whether markdown text can hold a link or an image:
// CommonMark's inline form has "](" (the destination's parenthesis
// follows the text's bracket at once) and the reference forms need a
// definition, "[label]:". A file with neither has no links, and is not
// parsed for them: this runs for every loaded file, one after another,
// before any rule of the Loaded scope can start, and 139 of upstream
// iflow's 157 markdown files have neither.
func mayLink(data []byte) bool {
	return bytes.Contains(data, []byte("](")) || bytes.Contains(data, []byte("]:"))
}

// nearIndex finds the files a loaded script (or other non-markdown file)
// likely uses: those near it (under its directory's parent) whose base
// name it mentions. Scripts find their helpers relative to themselves
// ("$(dirname "$0")/lib.sh", "../lib/common.py"), which no pattern short
// of running them resolves; a helper missed here would escape the script
// rules, so the net is wide. The candidates' names are found in one pass
// over the script, by one matcher of every candidate of the plugin,
// compiled once: a matcher per directory cost a compile each (1.4 MB of
// tables a lint of upstream iflow), and which names a script holds does
// not depend on which other names the matcher looks for.
type nearIndex struct {
	p     *Plugin
	once  sync.Once
	files []*File // regular files, not markdown, base name longer than 2
	m     *needle.Matcher
}

func (n *nearIndex) named(f *File) []string {
	dir := path.Dir(path.Dir(f.Path))
	if dir == "." {
		dir = ""
	}
	n.once.Do(func() {
		var bases []string
		for _, g := range n.p.Files {
			if g.IsRegular() && !strings.HasSuffix(g.Path, ".md") && len(g.Base()) > 2 {
				n.files = append(n.files, g)
				bases = append(bases, g.Base())
			}
		}
		n.m = needle.Compile(bases)
	})
	hit := make([]bool, len(n.files))
	n.m.Each(f.Data, func(id, _ int) { hit[id] = true })
	var out []string
	for i, g := range n.files {
		if hit[i] && g != f && under(g.Path, dir) {
			out = append(out, g.Path)
		}
	}
	return out
}
