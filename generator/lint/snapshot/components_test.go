package snapshot

import (
	"slices"
	"testing"
)

// names lists the names a plugin's components of one kind go by, with
// their aliases after a "=".
func names(list []Component) []string {
	var out []string
	for _, c := range list {
		n := c.Name
		for _, a := range c.Aliases {
			n += "=" + a
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// TestComponentNames holds the inventory to how Claude Code 2.1.330 names
// components: custom paths that replace (commands, agents) or add to
// (skills) the default folders, and frontmatter names, which rename agents
// but only alias commands and skills (names_cli_test.go holds the same
// shapes against the CLI's own listing).
func TestComponentNames(t *testing.T) {
	md := func(fm string) []byte { return []byte("---\n" + fm + "description: d\n---\nbody\n") }
	for _, c := range []struct {
		name                     string
		files                    map[string][]byte
		commands, agents, skills []string
	}{
		{"defaults", map[string][]byte{
			"commands/review.md": md(""), "commands/git/commit.md": md(""), "commands/tools/pdf/SKILL.md": md(""),
			"agents/a.md": md("name: checker\n"), "agents/b.md": md(""),
			"skills/pdf/SKILL.md": md(""),
		}, []string{"git:commit", "review", "tools:pdf"}, []string{"b", "checker"}, []string{"pdf"}},
		{"frontmatter names", map[string][]byte{
			"commands/git/deploy.md": md("name: ship\n"), "commands/tag.md": md("name: p:git:tag\n"),
			"skills/pdf-tools/SKILL.md": md("name: p:pdf forms\n"), "skills/x/SKILL.md": md("name: p:Other.Name\n"),
		}, []string{"git:deploy=git:ship", "tag=git:tag"}, nil, []string{"pdf-tools", "x=Other.Name"}},
		{"custom paths replace commands/ and agents/, add to skills/", map[string][]byte{
			".claude-plugin/plugin.json": []byte(`{"name":"p","commands":["./cmds","./one/solo.md"],"agents":"./team","skills":"./more"}`),
			"commands/old.md":            md(""), "agents/old.md": md(""),
			"cmds/a.md": md(""), "cmds/sub/b.md": md(""), "one/solo.md": md(""),
			"team/x.md":          md(""),
			"skills/s1/SKILL.md": md(""),
			"more/s2/SKILL.md":   md(""),
		}, []string{"a", "solo", "sub:b"}, []string{"x"}, []string{"s1", "s2"}},
		{"a root SKILL.md is the skill when there is no skills/ and no skills field", map[string][]byte{
			"SKILL.md": md(""),
		}, nil, nil, []string{"p"}},
		{"a root SKILL.md beside skills/ is not loaded", map[string][]byte{
			"SKILL.md": md(""), "skills/s/SKILL.md": md(""),
		}, nil, nil, []string{"s"}},
		{"commands map keys", map[string][]byte{
			".claude-plugin/plugin.json": []byte(`{"name":"p","commands":{"hello":{"source":"./src/greet.md"}}}`),
			"src/greet.md":               md(""),
		}, []string{"hello"}, nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			comp := FromMemory("p", c.files).Components()
			for _, k := range []struct {
				kind      string
				got, want []string
			}{{"commands", names(comp.Commands), c.commands}, {"agents", names(comp.Agents), c.agents},
				{"skills", names(comp.Skills), c.skills}} {
				if !slices.Equal(k.got, k.want) {
					t.Errorf("%s: got %q, want %q", k.kind, k.got, k.want)
				}
			}
		})
	}
}

func TestWorkflowNames(t *testing.T) {
	p := FromMemory("p", map[string][]byte{
		".claude-plugin/plugin.json": []byte(`{"name":"p","workflows":"./flows"}`),
		"workflows/old.js":           []byte("export const meta = { name: 'old' }\n"),
		"flows/build.js":             []byte("export const meta = {\n  name: 'full-build',\n}\n"),
		"flows/no-meta.js":           []byte("run()\n"),
	})
	if got := names(p.Components().Workflows); !slices.Equal(got, []string{"full-build"}) {
		t.Errorf("workflows: got %q, want [full-build]", got)
	}
}
