package source

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const exactManifest = "name: odd\nvariants: [{id: odd, name: odd, dialect: agent-sendmessage}]\noutput: {exact: true}\n"

// An exact plugin keeps what Claude Code accepts and the typed path
// refuses: odd names, a name that differs from its file, frontmatter that
// is no valid YAML, no frontmatter at all; and the manifest needs only a
// name and variants.
func TestExactLoadsWhatTypedRefuses(t *testing.T) {
	fsys := fstest.MapFS{
		"plugin.yaml":              {Data: []byte(exactManifest)},
		"commands/my cmd.md":       {Data: []byte("---\ndescription: Say: hi\n---\nbody {{\"{{\"}}\n")},
		"commands/-dash.md":        {Data: []byte("no frontmatter\n")},
		"agents/wörker.md":         {Data: []byte("---\nname: other\ndescription: \"d\"\ntools: Read, Grep\n---\nYou work.\n")},
		"skills/s/SKILL.md":        {Data: []byte("---\nname: s\ndescription: skill\n---\n")},
		"hooks/lib.sh":             {Data: []byte("#!/bin/sh\n"), Mode: 0o644},
		"hooks/run.sh":             {Data: []byte("#!/bin/sh\n"), Mode: 0o755},
		"raw/icon.png":             {Data: []byte("\x89PNG\r\n\x1a\n\x00")},
		"raw/bin/tool":             {Data: []byte("\x7fELF"), Mode: 0o755},
		"files/notes/CRLF-free.md": {Data: []byte("x\n")},
	}
	p, err := Load(fsys, "plugin-src")
	require.NoError(t, err)
	require.Len(t, p.Commands, 2)
	cmd := p.Commands[1]
	assert.Equal(t, "my cmd", cmd.Name)
	assert.Equal(t, "---\ndescription: Say: hi\n---\nbody {{\"{{\"}}\n", cmd.Body, "the whole file is the template")
	assert.Equal(t, 1, cmd.BodyLine)
	assert.Empty(t, cmd.Meta.Description, "invalid YAML is carried, not decoded")
	assert.Equal(t, "-dash", p.Commands[0].Name)
	assert.Equal(t, "other", p.Agents[0].Meta.Name, "the agent keeps the name it declares")
	assert.Equal(t, "d", p.Agents[0].Meta.Description)
	assert.Empty(t, p.Agents[0].Meta.Tools, "a comma string is no typed list; the field is skipped, not an error")
	assert.Equal(t, "skill", p.Skills[0].Meta.Description)

	byRel := map[string]File{}
	for _, f := range p.Files {
		byRel[f.Rel] = f
	}
	assert.False(t, byRel["hooks/lib.sh"].Exec, "an exact plugin keeps a sourced library non-executable")
	assert.True(t, byRel["hooks/run.sh"].Exec)
	assert.True(t, byRel["raw/icon.png"].Raw, "raw/ takes bytes no template could")
	assert.True(t, byRel["raw/bin/tool"].Exec)
}

// The typed path still refuses all of that, and still requires the
// manifest fields plugin.json needs.
func TestTypedStaysStrict(t *testing.T) {
	typed := "name: t\nversion: \"1\"\ndescription: d\nauthor: {name: a}\nlicense: MIT\nvariants: [{id: t, name: t, dialect: agent-sendmessage}]\n"
	for _, c := range []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"odd command name", fstest.MapFS{"plugin.yaml": {Data: []byte(typed)}, "commands/my cmd.md": {Data: []byte("---\ndescription: d\n---\n")}},
			`plugin-src/commands/my cmd.md:1: name "my cmd" is not kebab-case (a-z, 0-9, single hyphens, at most 64)`},
		{"no frontmatter", fstest.MapFS{"plugin.yaml": {Data: []byte(typed)}, "commands/c.md": {Data: []byte("body\n")}},
			"plugin-src/commands/c.md:1: missing frontmatter: the file must start with a --- line"},
		{"missing version", fstest.MapFS{"plugin.yaml": {Data: []byte("# c\nname: t\nvariants: [{id: t, name: t, dialect: agent-sendmessage}]\n")}},
			`plugin-src/plugin.yaml:2: missing required field "version"`},
		{"missing license", fstest.MapFS{"plugin.yaml": {Data: []byte("name: t\nversion: \"1\"\ndescription: d\nauthor: {name: a}\nvariants: [{id: t, name: t, dialect: agent-sendmessage}]\n")}},
			`plugin-src/plugin.yaml:1: missing required field "license"`},
		{"exact component with a control character", fstest.MapFS{"plugin.yaml": {Data: []byte(exactManifest)}, "commands/a\tb.md": {Data: []byte("x\n")}},
			`plugin-src/commands/a` + "\t" + `b.md: name "a\tb" has a control character`},
		{"unknown markers value", fstest.MapFS{"plugin.yaml": {Data: []byte(typed + "output: {markers: nowhere}\n")}},
			`plugin-src/plugin.yaml:7: unknown markers "nowhere" (want one of files, manifest)`},
	} {
		_, err := Load(c.fsys, "plugin-src")
		assert.EqualError(t, err, c.want, c.name)
	}
}

// plugin_json must name each key once, and extra must not shadow a
// typed field; extra holds JSON values only.
func TestPluginJSONLayoutChecks(t *testing.T) {
	base := "name: t\nvariants: [{id: t, name: t, dialect: agent-sendmessage}]\noutput: {exact: true}\nplugin_json:\n"
	for _, c := range []struct{ yaml, want string }{
		{"  order: [name, name]\n", `plugin-src/plugin.yaml:5: plugin_json.order lists "name" twice`},
		{"  order: [name, x]\n", `plugin-src/plugin.yaml:5: plugin_json.order lists "x", which is neither a typed field nor in plugin_json.extra`},
		{"  extra:\n    name: \"2\"\n", `plugin-src/plugin.yaml:6: plugin_json.extra: "name" is also set at the top of plugin.yaml; keep one of them`},
		{"  extra:\n    x: 1\n    x: 2\n", `plugin-src/plugin.yaml:7: key "x" declared twice`},
		{"  extra:\n    n: 0x10\n", `plugin-src/plugin.yaml:6: "0x10" is not a JSON number; quote it if it is a string`},
		{"  extra:\n    a: {<<: {b: 1}}\n", `plugin-src/plugin.yaml:6: a JSON object key must be a plain string (no merge keys or nested keys)`},
		{"  extra: [1]\n", `plugin-src/plugin.yaml:5: expected a mapping of JSON fields`},
		{"  indnt: \"  \"\n", `plugin-src/plugin.yaml:5: unknown field "indnt"`},
	} {
		_, err := Load(fstest.MapFS{"plugin.yaml": {Data: []byte(base + c.yaml)}}, "plugin-src")
		assert.EqualError(t, err, c.want, c.yaml)
	}
	p, err := Load(fstest.MapFS{"plugin.yaml": {Data: []byte(base + "  order: [name, mcp]\n  extra:\n    mcp: {a: [1, 2.50, true, null, \"s\"]}\n")}}, "plugin-src")
	require.NoError(t, err)
	v := p.Manifest.PluginJSON.Extra.Fields[0].Value.Fields[0].Value
	require.Len(t, v.Items, 5)
	assert.Equal(t, "2.50", v.Items[1].Text, "a number keeps the text it was written with")
}

func TestFrontmatter(t *testing.T) {
	for _, c := range []struct {
		text, front string
		ok          bool
	}{
		{"---\na: 1\n---\nbody", "a: 1\n", true},
		{"---  \na: 1\n---\t\n", "a: 1\n", true},
		{"---\n---\n", "", true},
		{"---\na: 1\n---", "a: 1\n", true},
		{"---\na: 1\n", "", false},
		{"--- \n", "", false},
		{"x\n---\na\n---\n", "", false},
		{"", "", false},
	} {
		front, ok := Frontmatter(c.text)
		assert.Equal(t, c.ok, ok, "%q", c.text)
		assert.Equal(t, c.front, front, "%q", c.text)
	}
}
