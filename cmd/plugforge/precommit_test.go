package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPreCommitHooks: .pre-commit-hooks.yaml offers lint and check, each
// running a real subcommand once per commit (no file names), and each
// triggered by the files it reads.
func TestPreCommitHooks(t *testing.T) {
	var hooks []struct {
		ID            string `yaml:"id"`
		Name          string `yaml:"name"`
		Entry         string `yaml:"entry"`
		Language      string `yaml:"language"`
		PassFilenames *bool  `yaml:"pass_filenames"`
		Files         string `yaml:"files"`
	}
	readYAML(t, "../../.pre-commit-hooks.yaml", &hooks)

	// Paths that must, and must not, start each hook.
	triggers := map[string]struct{ fire, quiet []string }{
		"plugforge-lint": {
			fire:  []string{"dist/iflow/agents/x.md", "plugins/p/.claude-plugin/plugin.json", "commands/go.md", "skills/s/SKILL.md", "hooks/hooks.json", ".mcp.json", ".plugforge.yaml"},
			quiet: []string{"go.mod", "cmd/plugforge/main.go", "docs/rules.md"},
		},
		"plugforge-check": {
			fire:  []string{"plugin-src/plugin.yaml", "templates/x/y.tmpl", "dist/iflow/README.md", "README.md", ".plugforge.yaml"},
			quiet: []string{"go.mod", "docs/rules.md", "generator/x.go"},
		},
	}
	require.Len(t, hooks, len(triggers))
	for _, h := range hooks {
		tr, ok := triggers[h.ID]
		require.True(t, ok, "unexpected hook %q", h.ID)
		assert.NotEmpty(t, h.Name)
		assert.Equal(t, "golang", h.Language, "pre-commit builds it with go install at the pinned rev")
		if assert.NotNil(t, h.PassFilenames, h.ID) {
			assert.False(t, *h.PassFilenames, "%s checks whole trees; file names would be read as plugin paths", h.ID)
		}
		fields := strings.Fields(h.Entry)
		require.Len(t, fields, 2, h.ID)
		assert.Equal(t, "plugforge", fields[0])
		assert.Equal(t, h.ID, "plugforge-"+fields[1])
		code, _, errOut := cli(fields[1], "-h")
		assert.Equal(t, 0, code, "%q is a plugforge command: %s", fields[1], errOut)

		re, err := regexp.Compile(h.Files) // pre-commit uses Python's re; these patterns mean the same in both
		require.NoError(t, err, h.ID)
		for _, p := range tr.fire {
			assert.True(t, re.MatchString(p), "%s should run when %s changes", h.ID, p)
		}
		for _, p := range tr.quiet {
			assert.False(t, re.MatchString(p), "%s need not run when %s changes", h.ID, p)
		}
	}
}
