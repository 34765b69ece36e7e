package synth

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// Workflow writes into dir a shipped plugin with the file count, kinds,
// sizes and fence counts of workflowShape (a real 223-file workflow
// plugin), with synth's own words. Its name is "workflow-plugin".
// Commands, agents and skills carry the frontmatter Claude Code wants;
// markdown reaches its recorded size with exactly its recorded fences;
// shell files are scripts of about their size, other files plain text
// of their exact size;
// hooks.json runs the hook scripts and plugin.json starts two MCP
// servers from mcp/.
func Workflow(dir string, seed int64) error {
	s := workflowShape
	p, err := newPlugin("workflow-plugin", MinFiles, seed)
	if err != nil {
		return err
	}
	w := writer{dir}
	r := shipRefs{p.name}
	var files []fileOut
	add := func(rel, data string, mode fs.FileMode) { files = append(files, fileOut{rel, data, mode}) }

	var groups []any
	for i, n := range s.hooks {
		name := fmt.Sprintf("%s-%d.sh", pick(p.rng, verbs), i)
		add("hooks/"+name, p.script(n, r), 0o755)
		groups = append(groups, map[string]any{"matcher": "startup|clear", "hooks": []any{map[string]any{
			"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/" + name + "\"", "timeout": 10}}})
	}
	add("hooks/hooks.json", jsonText(map[string]any{"hooks": map[string]any{"SessionStart": groups}}), 0o644)
	for i, f := range s.commands {
		fm := "---\ndescription: " + q(p.sentence(6, 10)) + "\nargument-hint: \"[" + pick(p.rng, nouns) + "]\"\n---\n\n"
		add(fmt.Sprintf("commands/%s-%s-%d.md", pick(p.rng, verbs), pick(p.rng, nouns), i), fm+p.shapedBody(f[0]-len(fm), f[1], r), 0o644)
	}
	for i, f := range s.agents {
		name := fmt.Sprintf("%s-%s-%d", pick(p.rng, nouns), pick(p.rng, roles), i)
		fm := "---\nname: " + name + "\ndescription: " + q("Use when "+lowerFirst(p.sentence(8, 16))) +
			"\ntools: [\"Read\", \"Grep\", \"Glob\"]\nmodel: " + pick(p.rng, models) + "\n---\n\n"
		add("agents/"+name+".md", fm+p.shapedBody(f[0]-len(fm), f[1], r), 0o644)
	}
	for i, sk := range s.skills {
		name := fmt.Sprintf("%s-%s-%d", pick(p.rng, gerunds), pick(p.rng, nouns), i)
		var links strings.Builder
		for k, f := range sk.refs {
			ref := fmt.Sprintf("references/%s-%d.md", pick(p.rng, nouns), k)
			links.WriteString("- [" + ref + "](" + ref + ")\n")
			add("skills/"+name+"/"+ref, p.shapedBody(f[0], f[1], r), 0o644)
		}
		for k, o := range sk.files {
			add(path.Join("skills", name, o.dir, fmt.Sprintf("%s-%d%s", pick(p.rng, verbs), k, o.ext)), p.plain(o, r), 0o755)
		}
		fm := "---\nname: " + name + "\ndescription: " + q(p.sentence(8, 20)+" Use when "+lowerFirst(p.sentence(4, 10))) + "\n---\n\n"
		body := p.shapedBody(sk.skill[0]-len(fm)-links.Len(), sk.skill[1], r)
		if links.Len() > 0 {
			body += "\n## References\n\n" + links.String()
		}
		add("skills/"+name+"/SKILL.md", fm+body, 0o644)
	}
	for i, f := range s.docs {
		add(fmt.Sprintf("%s/%s-%d.md", pick(p.rng, []string{"references", "templates", "notes"}), pick(p.rng, nouns), i),
			p.shapedBody(f[0], f[1], r), 0o644)
	}
	var servers []string
	for i, o := range s.other {
		rel := path.Join(o.dir, fmt.Sprintf("%s-%d%s", pick(p.rng, nouns), i, o.ext))
		if o.dir == "mcp" && o.ext == ".sh" && len(servers) < 2 {
			servers = append(servers, rel)
		}
		add(rel, p.plain(o, r), 0o755)
	}
	mcp := map[string]any{}
	for i, rel := range servers {
		mcp[fmt.Sprintf("%s-server-%d", pick(p.rng, nouns), i)] = map[string]any{"command": "${CLAUDE_PLUGIN_ROOT}/" + rel, "args": []string{}}
	}
	add(".claude-plugin/plugin.json", jsonText(map[string]any{"name": p.name, "version": "1.0.0",
		"description": p.sentence(8, 16), "author": map[string]string{"name": "Synth"}, "license": "MIT",
		"mcpServers": mcp}), 0o644)
	for _, f := range files {
		if err := w.write(f.rel, f.data, f.mode); err != nil {
			return err
		}
	}
	return nil
}

type fileOut struct {
	rel, data string
	mode      fs.FileMode
}

// plain is a non-markdown file of about o.bytes bytes: a shell script
// for .sh, plain sentences of exactly that size otherwise.
func (p *plugin) plain(o otherShape, r refs) string {
	if o.ext == ".sh" {
		return p.script(o.bytes, r)
	}
	return p.text(o.bytes)
}
