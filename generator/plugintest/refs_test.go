package plugintest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/adrg/frontmatter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// component inventory of one rendered variant, read from dist/ itself.
type inventory struct {
	name                     string
	commands, agents, skills map[string]bool
	descriptions             map[string]string // path → description
	markdown                 map[string]string // path → content
}

func readVariant(t *testing.T, dir string) inventory {
	t.Helper()
	inv := inventory{commands: map[string]bool{}, agents: map[string]bool{}, skills: map[string]bool{},
		descriptions: map[string]string{}, markdown: map[string]string{}}
	pj, err := os.ReadFile(filepath.Join(dir, ".claude-plugin/plugin.json"))
	require.NoError(t, err, "run make plugin first")
	inv.name = regexp.MustCompile(`"name": "([^"]+)"`).FindStringSubmatch(string(pj))[1]
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		inv.markdown[rel] = string(b)
		parts := strings.Split(rel, "/")
		var meta struct{ Name, Description string }
		switch {
		case len(parts) == 2 && parts[0] == "commands":
			inv.commands[strings.TrimSuffix(parts[1], ".md")] = true
		case len(parts) == 2 && parts[0] == "agents":
			inv.agents[strings.TrimSuffix(parts[1], ".md")] = true
		case len(parts) == 3 && parts[0] == "skills" && parts[2] == "SKILL.md":
			inv.skills[parts[1]] = true
		default:
			return nil
		}
		_, err = frontmatter.MustParse(strings.NewReader(string(b)), &meta)
		require.NoError(t, err, rel)
		inv.descriptions[rel] = meta.Description
		return nil
	}))
	return inv
}

// TestReferencesResolve: every subagent_type, /<plugin>:<command> and
// <plugin>:<skill> in a variant names a component of that same variant.
func TestReferencesResolve(t *testing.T) {
	root := repoRoot(t)
	for _, v := range []string{"iflow", "iflow-classic"} {
		inv := readVariant(t, filepath.Join(root, "dist", v))
		q := regexp.QuoteMeta(inv.name)
		subagent := regexp.MustCompile(`subagent_type:\s*"?([\w-]+):([\w-]+)`)
		slash := regexp.MustCompile(`/(` + q + `):([\w-]+)`)
		named := regexp.MustCompile(`(?:^|[^/\w-])` + q + `:([\w-]+)`)
		checked := 0
		for path, text := range inv.markdown {
			for _, m := range subagent.FindAllStringSubmatch(text, -1) {
				assert.Equal(t, inv.name, m[1], "%s/%s: subagent_type %s:%s has another plugin's prefix", v, path, m[1], m[2])
				assert.True(t, inv.agents[m[2]], "%s/%s: subagent_type names no agent %q", v, path, m[2])
				checked++
			}
			for _, m := range slash.FindAllStringSubmatch(text, -1) {
				assert.True(t, inv.commands[m[2]], "%s/%s: /%s:%s names no command", v, path, m[1], m[2])
				checked++
			}
			for _, m := range named.FindAllStringSubmatch(text, -1) {
				ok := inv.agents[m[1]] || inv.skills[m[1]] || inv.commands[m[1]]
				assert.True(t, ok, "%s/%s: %s:%s names no component", v, path, inv.name, m[1])
				checked++
			}
			for _, other := range []string{"iflow", "iflow-classic"} {
				if other != inv.name {
					assert.NotRegexp(t, `(?:^|[^\w-])/?`+regexp.QuoteMeta(other)+`:[a-z]`, text, "%s/%s mentions the %s variant", v, path, other)
				}
			}
		}
		assert.Greater(t, checked, 100, "%s: too few references found; is the pattern right?", v)
	}
}

func TestNamesAndDescriptions(t *testing.T) {
	root := repoRoot(t)
	for _, v := range []string{"iflow", "iflow-classic"} {
		inv := readVariant(t, filepath.Join(root, "dist", v))
		for c := range inv.commands {
			assert.False(t, inv.skills[c], "%s: command and skill share the name %q", v, c)
		}
		for path, d := range inv.descriptions {
			assert.NotEmpty(t, d, "%s/%s has no description", v, path)
			assert.LessOrEqual(t, len(d), 1024, "%s/%s: description over 1,024 characters", v, path)
			if strings.HasPrefix(path, "commands/") {
				assert.Less(t, len(d), 80, "%s/%s: /help description should stay under 80 characters", v, path)
			}
		}
		for path, text := range inv.markdown {
			if strings.HasSuffix(path, "SKILL.md") {
				assert.Less(t, strings.Count(text, "\n"), 500, "%s/%s: SKILL.md over 500 lines", v, path)
			}
		}
	}
}
