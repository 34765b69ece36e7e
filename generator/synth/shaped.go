package synth

import (
	"fmt"
	"strings"
)

// Shaped writes into dir a shipped plugin with the file sizes and fence
// counts of realShape: a real plugin's shape, with synth's own words. Its
// name is "shaped-plugin". Markdown files reach their recorded size with
// exactly their recorded number of fenced blocks; skills link their
// reference files; hooks.json runs the hook scripts.
func Shaped(dir string, seed int64) error {
	s := realShape
	p, err := newPlugin("shaped-plugin", MinFiles, seed)
	if err != nil {
		return err
	}
	w := writer{dir}
	r := shipRefs{p.name}
	manifest := map[string]any{"name": p.name, "version": "1.0.0", "description": p.sentence(8, 16),
		"author": map[string]string{"name": "Synth"}, "license": "MIT"}
	if err := w.write(".claude-plugin/plugin.json", jsonText(manifest), 0o644); err != nil {
		return err
	}
	var groups []any
	for i, n := range s.hooks {
		name := fmt.Sprintf("%s-%d.sh", pick(p.rng, verbs), i)
		if err := w.write("hooks/"+name, p.script(n, r), 0o755); err != nil {
			return err
		}
		groups = append(groups, map[string]any{"matcher": "startup|clear", "hooks": []any{map[string]any{
			"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/" + name + "\"", "timeout": 10}}})
	}
	if err := w.write("hooks/hooks.json", jsonText(map[string]any{"hooks": map[string]any{"SessionStart": groups}}), 0o644); err != nil {
		return err
	}
	skills := make([]string, len(s.skills))
	refs := make([][]string, len(s.skills))
	for i := range skills {
		skills[i] = fmt.Sprintf("%s-%s-%d", pick(p.rng, gerunds), pick(p.rng, nouns), i)
	}
	for i, f := range s.refs {
		k := i % len(skills)
		ref := fmt.Sprintf("references/%s-%d.md", pick(p.rng, nouns), i)
		refs[k] = append(refs[k], ref)
		if err := w.write("skills/"+skills[k]+"/"+ref, p.shapedBody(f[0], f[1], r), 0o644); err != nil {
			return err
		}
	}
	for i, f := range s.skills {
		fm := "---\nname: " + skills[i] + "\ndescription: " + q(p.sentence(8, 20)+" Use when "+lowerFirst(p.sentence(4, 10))) + "\n---\n\n"
		var links strings.Builder
		for _, ref := range refs[i] {
			links.WriteString("- [" + ref + "](" + ref + ")\n")
		}
		body := p.shapedBody(f[0]-len(fm)-links.Len(), f[1], r)
		if links.Len() > 0 {
			body += "\n## References\n\n" + links.String()
		}
		if err := w.write("skills/"+skills[i]+"/SKILL.md", fm+body, 0o644); err != nil {
			return err
		}
	}
	for i, f := range s.docs {
		if err := w.write(fmt.Sprintf("docs/%s-%d.md", pick(p.rng, nouns), i), p.shapedBody(f[0], f[1], r), 0o644); err != nil {
			return err
		}
	}
	for i, n := range s.scripts {
		if err := w.write(fmt.Sprintf("tests/%s-%d.sh", pick(p.rng, verbs), i), p.script(n, r), 0o755); err != nil {
			return err
		}
	}
	for i, n := range s.data {
		if err := w.write(fmt.Sprintf("assets/%s-%d.txt", pick(p.rng, nouns), i), p.text(n), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// shapedBody is markdown of about n bytes (never less than a heading)
// holding exactly fences fenced blocks, spread evenly through the text.
func (p *plugin) shapedBody(n, fences int, r refs) string {
	var b strings.Builder
	b.WriteString("# " + strings.TrimSuffix(p.sentence(3, 6), ".") + "\n\n")
	for k := 0; k < fences || b.Len() < n; {
		// fence k goes where the text has reached k/fences of n
		if k < fences && b.Len() >= n*k/fences {
			k++
			b.WriteString("```bash\n")
			for j := 0; j < 2+p.rng.Intn(5); j++ {
				b.WriteString(pick(p.rng, shell) + "\n")
			}
			b.WriteString("```\n\n")
			continue
		}
		switch p.rng.Intn(4) {
		case 0:
			b.WriteString("## " + strings.TrimSuffix(p.sentence(2, 5), ".") + "\n\n" + p.sentence(6, 18) + "\n\n")
		case 1:
			for j := 0; j < 2+p.rng.Intn(4); j++ {
				b.WriteString("- " + p.sentence(5, 14) + "\n")
			}
			b.WriteString("\n")
		default:
			for j := 0; j < 3+p.rng.Intn(5); j++ {
				b.WriteString(p.sentence(6, 18) + " ")
			}
			b.WriteString("This is part of " + r.plugin() + ".\n\n")
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// text is n bytes of plain sentences.
func (p *plugin) text(n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(p.sentence(6, 18) + "\n")
	}
	return b.String()[:n]
}
