package source

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
)

// Regression tests for what the fuzz targets found. Each input is also in
// testdata/fuzz as a seed.

// An event may reuse another event's groups through an alias; the matcher
// check used to index the alias node's (empty) content and panic.
func TestHooksEventAlias(t *testing.T) {
	var h model.Hooks
	data := []byte("SessionStart: &g\n  - hooks: [{type: command, script: a.sh}]\nSessionEnd: *g\n")
	require.NoError(t, decodeStrict("hooks.yaml", 0, data, &h))
	require.Len(t, h.Events, 2)
	assert.Equal(t, "a.sh", h.Events[1].Groups[0].Hooks[0].Script)
}

// "roles: {r: ~}" and "commands: {c: {r: ~}}" decode to nil pointers;
// Validate used to dereference them.
func TestRolesNullEntries(t *testing.T) {
	var r model.Roles
	data := []byte("artifacts: []\nroles: {r: {model: opus, description: d}}\ncommands: {c: {r: ~}}\n")
	require.NoError(t, decodeStrict("roles.yaml", 0, data, &r))
	require.NoError(t, r.Validate(), "a null site is a site with no extras")
	require.NotNil(t, r.Commands["c"]["r"])

	r = model.Roles{}
	data = []byte("artifacts: []\nroles: {r: ~}\ncommands: {c: {r: ~}}\n")
	require.NoError(t, decodeStrict("roles.yaml", 0, data, &r))
	assert.EqualError(t, r.Validate(), "roles.r: empty role; it needs at least model and description")
}

// YAML also breaks lines at U+0085, U+2028 and U+2029; positions must
// still be lines of the file as an editor counts them.
func TestYAMLLineSeparatorPositions(t *testing.T) {
	data := []byte("---\n\"0\u20280\u20280\n--- ")
	_, err := parseDoc[model.Command]("c.md", "c", data)
	assert.EqualError(t, err, "c.md:3: found unexpected end of stream")

	data = []byte("name: \"a\u2028b\u2029c\u0085d\"\nversion: [\n")
	err = decodeStrict("plugin.yaml", 0, data, &model.Manifest{})
	assert.EqualError(t, err, "plugin.yaml:3: did not find expected node content")
}

// yaml.v3 prints parser (not scanner) errors with a 0-based line.
func TestYAMLSyntaxErrorLines(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"a: 1\nb: 2\nc: [1, 2\nd: 4\n", "f.yaml:3: did not find expected ',' or ']'"},                // parser: the list's line
		{"name: mini\nversion: \"0.1.0\ndescription: \"d\"\n", "f.yaml:3: did not find expected key"}, // parser: where it stopped
		{"a: 1\nb: 2\n c: 3\n", "f.yaml:3: mapping values are not allowed in this context"},           // scanner: already 1-based
		{"a: 1\nb: 2\nc: 3\nd: @x\n", "f.yaml:4: found character that cannot start any token"},        // scanner
	} {
		err := decodeStrict("f.yaml", 0, []byte(c.text), &map[string]any{})
		assert.EqualError(t, err, c.want, "%q", c.text)
	}
}

// A hook script is a file name in plugin-src/hooks/: a path or a quote
// would escape the plugin or the shell word it is rendered into.
func TestHookScriptNames(t *testing.T) {
	for _, s := range []string{"../x.sh", "sub/x.sh", ".hidden", "..", "a\\\"b", "$(id).sh", "a b.sh", ""} {
		var h model.Hooks
		data := []byte("Stop:\n  - hooks:\n      - type: command\n        script: \"" + s + "\"\n")
		err := decodeStrict("hooks.yaml", 0, data, &h)
		assert.ErrorContains(t, err, "hooks.yaml:4: hook script", "%q", s)
	}
}

// An empty key is not a field of any type, even one with untagged fields.
func TestEmptyKeyIsUnknown(t *testing.T) {
	err := decodeStrict("h.yaml", 0, []byte("Stop:\n  - \"\": x\n    hooks:\n      - type: command\n        script: a.sh\n"), &model.Hooks{})
	if err == nil || !strings.Contains(err.Error(), `unknown field ""`) {
		t.Fatalf("want unknown field \"\", got %v", err)
	}
}
