package provenance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/schemas"
)

func sample() Manifest {
	return Manifest{Variant: "demo", Dialect: model.TaskResume, Files: []Entry{
		{Path: "z.md", SHA256: Hash([]byte("z")), Mode: "0644", Sources: []Source{{Path: "plugin-src/z.md", SHA256: Hash([]byte("zz"))}}},
		{Path: "a.sh", SHA256: Hash([]byte("a")), Mode: "0755", Sources: []Source{{Path: "plugin-src/files/a.sh", SHA256: Hash([]byte("aa"))}}},
	}}
}

// TestRoundTrip: what Encode writes, Decode reads back unchanged (files
// sorted), and the bytes do not depend on the order files were given in.
func TestRoundTrip(t *testing.T) {
	m := sample()
	b, err := Encode(m)
	require.NoError(t, err)
	var v any
	require.NoError(t, json.Unmarshal(b, &v))
	issues, err := schemas.Validate(SchemaName, v)
	require.NoError(t, err)
	assert.Empty(t, issues, "what Encode writes follows the schema")
	got, err := Decode(b)
	require.NoError(t, err)
	assert.Equal(t, Generator, got.Generator)
	assert.Equal(t, model.TaskResume, got.Dialect)
	require.Len(t, got.Files, 2)
	assert.Equal(t, "a.sh", got.Files[0].Path)
	assert.Equal(t, "z.md", got.Entry("z.md").Path)
	assert.Nil(t, got.Entry("missing.md"))

	m.Files[0], m.Files[1] = m.Files[1], m.Files[0]
	b2, err := Encode(m)
	require.NoError(t, err)
	assert.Equal(t, string(b), string(b2))
}

// TestDecodeChecksTheSchema: a manifest that is not JSON, lacks a field the
// schema requires or carries a malformed hash is an error naming it.
func TestDecodeChecksTheSchema(t *testing.T) {
	good, err := Encode(sample())
	require.NoError(t, err)
	for name, tc := range map[string]struct{ old, new, want string }{
		"not JSON":        {`{`, `{{`, "is not valid JSON"},
		"no dialect":      {`"dialect": "task-resume",`, ``, `missing required property "dialect"`},
		"short hash":      {`"sha256": "` + Hash([]byte("z")), `"sha256": "abc`, "/files/1/sha256"},
		"unknown key":     {`"variant": "demo",`, `"variant": "demo", "extra": 1,`, `unknown property "extra"`},
		"other generator": {`"generator": "plugforge"`, `"generator": "other"`, "/generator"},
	} {
		bad := strings.Replace(string(good), tc.old, tc.new, 1)
		require.NotEqual(t, string(good), bad, name)
		_, err := Decode([]byte(bad))
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), tc.want, name)
		}
	}
}

// TestCommittedManifestsDecode: every variant in dist/ carries a manifest
// that follows the schema and that the one reader accepts.
func TestCommittedManifestsDecode(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "dist", "*", model.ProvenancePath))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		m, err := Decode(b)
		require.NoError(t, err, p)
		var v any
		require.NoError(t, json.Unmarshal(b, &v))
		issues, err := schemas.Validate(SchemaName, v)
		require.NoError(t, err)
		assert.Empty(t, issues, p)
		assert.Equal(t, filepath.Base(filepath.Dir(p)), m.Variant, p)
		assert.NotEmpty(t, m.Files, p)
	}
}

// TestReaderAgreesWithSchema: Decode accepts exactly what
// schemas/provenance.schema.json accepts, for a manifest as the build
// writes it and for every way of breaking it tried here; so the schema and
// the reader stay one definition.
func TestReaderAgreesWithSchema(t *testing.T) {
	m := sample()
	m.Files[0].Dispatches = []Dispatch{{Component: "specify", Role: "spec-reviewer", Agent: "spec-reviewer", Kind: model.Fresh, Line: 70},
		{Agent: "prd-reviewer", Kind: model.Fresh, Line: 12}}
	good, err := Encode(m)
	require.NoError(t, err)
	cases := map[string][2]string{
		"as written":            {"", ""},
		"no dialect":            {`"dialect": "task-resume",`, ``},
		"no variant":            {`"variant": "demo",`, ``},
		"no files":              {`"files": [`, `"fils": [`},
		"null files":            {`"files": [`, `"files": null, "x": [`},
		"other generator":       {`"generator": "plugforge"`, `"generator": "other"`},
		"bad variant":           {`"variant": "demo"`, `"variant": "Demo"`},
		"short hash":            {`"sha256": "` + Hash([]byte("z")), `"sha256": "abc`},
		"upper-case hash":       {`"sha256": "` + Hash([]byte("z")), `"sha256": "` + strings.ToUpper(Hash([]byte("z")))},
		"mode without zero":     {`"mode": "0644"`, `"mode": "644"`},
		"unknown key":           {`"variant": "demo",`, `"variant": "demo", "extra": 1,`},
		"unknown file key":      {`"mode": "0644",`, `"mode": "0644", "owner": "me",`},
		"unknown dispatch key":  {`"line": 12`, `"line": 12, "col": 1`},
		"no sources":            {`"sources": [`, `"sources": [], "x": [`},
		"absolute path":         {`"path": "z.md"`, `"path": "/z.md"`},
		"empty path":            {`"path": "z.md"`, `"path": ""`},
		"unknown kind":          {`"kind": "fresh",`, `"kind": "eager",`},
		"line zero":             {`"line": 12`, `"line": 0`},
		"line as text":          {`"line": 12`, `"line": "12"`},
		"role without its site": {`"component": "specify",`, ``},
		"agent not kebab-case":  {`"agent": "prd-reviewer"`, `"agent": "PRD reviewer"`},
	}
	for name, c := range cases {
		text := strings.Replace(string(good), c[0], c[1], 1)
		if c[0] != "" {
			require.NotEqual(t, string(good), text, name)
		}
		var v any
		dec := json.NewDecoder(strings.NewReader(text))
		dec.UseNumber()
		schemaOK := false
		if dec.Decode(&v) == nil {
			issues, err := schemas.Validate(SchemaName, v)
			require.NoError(t, err)
			schemaOK = len(issues) == 0
		}
		_, err := Decode([]byte(text))
		assert.Equal(t, schemaOK, err == nil, "%s: schema accepts %v, reader says %v", name, schemaOK, err)
	}
}
