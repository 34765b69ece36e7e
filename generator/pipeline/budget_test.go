package pipeline

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTokens(t *testing.T) {
	assert.Equal(t, 0, Tokens(""))
	assert.Equal(t, 1, Tokens("abcd"))
	assert.Equal(t, 2, Tokens("abcde"))
}

// TestBudgetFailsBuild: a budget below the plugin's always-on cost fails
// the build with a message naming plugin.yaml, and dist/ is left alone.
func TestBudgetFailsBuild(t *testing.T) {
	o := workspace(t)
	_, err := Build(o)
	require.NoError(t, err)
	before, err := os.ReadFile("dist/mini/commands/hello.md")
	require.NoError(t, err)

	f, err := os.OpenFile("plugin-src/plugin.yaml", os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("budgets:\n  always_on_tokens: 5\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.NoError(t, os.WriteFile("plugin-src/commands/hello.md", []byte("---\ndescription: \"Say hello, changed\"\n---\nHi.\n"), 0o644))

	_, err = Build(o)
	require.Error(t, err)
	assert.Regexp(t, `^plugin-src/plugin.yaml: always-on context of mini is ~\d+ tokens, over budgets.always_on_tokens \(5\)`, err.Error())
	after, err := os.ReadFile("dist/mini/commands/hello.md")
	require.NoError(t, err)
	assert.Equal(t, before, after, "a build over budget must not write dist/")
}
