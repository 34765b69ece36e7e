package snapshot

import (
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/model"
)

// Declared lists the string paths a plugin.json field declares: a string, an
// array of strings, or (for commands) a map whose entries carry "source".
// Non-path values (inline objects, numbers) are skipped.
func Declared(manifest map[string]any, key string) []string {
	var out []string
	switch v := manifest[key].(type) {
	case string:
		out = append(out, v)
	case []any:
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
	case map[string]any:
		if key == "commands" {
			for _, e := range v {
				if m, ok := e.(map[string]any); ok {
					if s, ok := m["source"].(string); ok {
						out = append(out, s)
					}
				}
			}
		}
	}
	return out
}

// DeclaresNone reports whether a plugin.json field is an empty list:
// for the fields whose paths replace a default folder (commands, agents)
// 2.1.330 then loads none of that kind, not the default folder
// (recorded: testdata/names/empty-lists).
func DeclaresNone(manifest map[string]any, key string) bool {
	v, ok := manifest[key].([]any)
	return ok && len(v) == 0
}

// ManifestValue is plugin.json decoded as an object, or nil.
func (p *Plugin) ManifestValue() map[string]any {
	if m := p.Manifest(); m != nil {
		if v, ok := m.JSON().Value.(map[string]any); ok {
			return v
		}
	}
	return nil
}

// cleanRel normalises a manifest path ("./commands/x.md") to a snapshot
// path ("commands/x.md"); "" means the root. Paths that leave the root or
// are absolute yield "..".
func cleanRel(s string) string {
	s = strings.ReplaceAll(s, "\\", "/")
	if strings.HasPrefix(s, "/") {
		return ".."
	}
	c := path.Clean(s)
	if c == "." {
		return ""
	}
	if c == ".." || strings.HasPrefix(c, "../") {
		return ".."
	}
	return c
}

// under reports whether rel is dir or inside it ("" is the root).
func under(rel, dir string) bool {
	return dir == "" || rel == dir || strings.HasPrefix(rel, dir+"/")
}

// classify sets every file's Kind from the default layout and plugin.json.
func (p *Plugin) classify() {
	m := p.ManifestValue()
	commandRoots, agentRoots := []string{"commands"}, []string{"agents"}
	if d := Declared(m, "commands"); len(d) > 0 || DeclaresNone(m, "commands") {
		commandRoots = cleanAll(d)
	}
	if d := Declared(m, "agents"); len(d) > 0 || DeclaresNone(m, "agents") {
		agentRoots = cleanAll(d)
	}
	skillRoots := append([]string{"skills"}, cleanAll(Declared(m, "skills"))...)
	hooksFiles := append([]string{model.HooksPath}, cleanAll(Declared(m, "hooks"))...)
	mcpFiles := append([]string{".mcp.json"}, cleanAll(Declared(m, "mcpServers"))...)

	skillDirs := p.skillDirs(skillRoots)
	// Without a skills field and a skills/ folder, Claude Code 2.1.330 loads
	// a SKILL.md at the root as the plugin's one skill (the loader's
	// "skillsPaths=[root]" branch; 'claude plugin validate' lists it).
	if len(Declared(m, "skills")) == 0 && p.File("skills") == nil && p.regular("SKILL.md") != nil {
		skillDirs[""] = true
	}
	for _, f := range p.Files {
		if !f.IsRegular() {
			continue
		}
		f.Kind = p.kindOf(f.Path, commandRoots, agentRoots, skillDirs, hooksFiles, mcpFiles)
	}
}

func cleanAll(ss []string) []string {
	var out []string
	for _, s := range ss {
		if c := cleanRel(s); c != ".." {
			out = append(out, c)
		}
	}
	return out
}

// skillDirs finds the directories that are skills: a declared or default
// skills root that itself holds SKILL.md (then its subdirectories are not:
// 2.1.330 lists only skills/SKILL.md beside skills/inner/SKILL.md), or each
// direct subdirectory of it.
func (p *Plugin) skillDirs(roots []string) map[string]bool {
	dirs := map[string]bool{}
	for _, r := range roots {
		if p.regular(path.Join(r, "SKILL.md")) != nil {
			dirs[r] = true
			continue
		}
		for _, f := range p.Files {
			if (f.IsDir() || f.Walked) && path.Dir(f.Path) == orDot(r) && p.regular(f.Path+"/SKILL.md") != nil {
				dirs[f.Path] = true
			}
		}
	}
	return dirs
}

func orDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

func (p *Plugin) kindOf(rel string, commands, agents []string, skills map[string]bool, hooks, mcp []string) Kind {
	switch rel {
	case model.PluginManifestPath:
		return KindManifest
	case model.MarketplacePath:
		return KindMarketplace
	case ".lsp.json":
		return KindLSP
	case "settings.json":
		return KindSettings
	case model.ProvenancePath:
		return KindProvenance
	}
	for _, h := range hooks {
		if rel == h {
			return KindHooks
		}
	}
	for _, m := range mcp {
		if rel == m {
			return KindMCP
		}
	}
	isMD := strings.HasSuffix(rel, ".md")
	if rel == "SKILL.md" && skills[""] { // skills: ["./"] makes the root SKILL.md a skill
		return KindSkill
	}
	// An agent file plugin.json names, even inside a skill folder
	// ("agents": ["./skills/plan/agents/reviewer.md"]), is an agent:
	// 2.1.330 registers it (seen on set D's anthril plugins).
	for _, a := range agents {
		if isMD && rel == a {
			return KindAgent
		}
	}
	for d := path.Dir(rel); d != "." && d != "/"; d = path.Dir(d) {
		if !skills[d] {
			continue
		}
		switch {
		case rel == d+"/SKILL.md":
			return KindSkill
		case isMD:
			return KindMarkdown
		}
		return KindSkillFile
	}
	if isMD {
		for _, c := range commands {
			if under(rel, c) && !p.throughLink(rel, c) {
				return KindCommand
			}
		}
		for _, a := range agents {
			if under(rel, a) && !p.throughLink(rel, a) {
				return KindAgent
			}
		}
		return KindMarkdown
	}
	return KindOther
}
