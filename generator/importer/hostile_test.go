package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/pipeline"
)

// hostileLint is the .plugforge.yaml a repository of the hostile plugin
// needs: its input breaks these rules on purpose (a repository URL object,
// an odd colour, "{{" in prose, names that only look like references), and
// the build's lint gate would otherwise refuse it.
const hostileLint = `rules:
  disable: [SC001, SC006, CT006, XR001, XR003]
`

// hostile is a plugin written to break an importer: odd names, template
// syntax in bodies, binary and CRLF files, execute bits either way,
// frontmatter no typed model would keep, a plugin.json with fields and a
// layout plugforge does not model, and hooks plugforge does not type.
var hostile = map[string]treeFile{
	".claude-plugin/plugin.json": {data: `{
    "name": "hostile",
    "displayName": "Hostile \u00e9",
    "description": "Breaks importers \u2014 on purpose",
    "version": "0.0.1",
    "author": {"email": "a@example.com", "name": "A"},
    "keywords": [],
    "mcpServers": {
        "db": {"command": "${CLAUDE_PLUGIN_ROOT}/bin/db", "args": ["--port", "5432"], "env": {}, "timeout": 1.50, "on": true, "x": null}
    },
    "repository": {"type": "git", "url": "https://example.com/h.git"}
}`},
	"commands/my cmd.md":                 {data: "---\n# comment kept\nargument-hint: [name]\ndescription:   'Say: hi'   \nallowed-tools: Read, Grep\n---\n\n\n\nRun /hostile:-dash then /hostile:my cmd.\nUse {{ .Name }} and {{- x -}} and {{/* c */}}, JSON {\"a\": {\"b\": 1}}.  \nThe hostile:überskill skill; hostile:ünknown stays.\n"},
	"commands/-dash.md":                  {data: "no frontmatter, no final newline; see /hostile:-dash"},
	"commands/crlf.md":                   {data: "---\r\ndescription: windows\r\n---\r\nbody\r\n"},
	"agents/wörker.md":                   {data: "---\nname: wörker\ndescription: Use with subagent_type hostile:wörker\ncolor: magenta\n---\nYou {{work}}.\n"},
	"agents/renamed.md":                  {data: "---\nname: other-name\ndescription: d\n---\n"},
	"skills/überskill/SKILL.md":          {data: "---\nname: überskill\ndescription: >\n  folded\n  text\n---\nDispatch:\n  subagent_type: hostile:wörker\nand hostile:renamed (its file, not its name).\n"},
	"skills/überskill/scripts/run me.sh": {data: "#!/bin/sh\necho '{{'\n", exec: true},
	"skills/überskill/references/a b.md": {data: "---\ntitle: x\n---\n{{\n"},
	"hooks/hooks.json":                   {data: "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"bash ${CLAUDE_PLUGIN_ROOT}/hooks/lib.sh\", \"async\": true}]}]}}\n"},
	"hooks/lib.sh":                       {data: "f() { echo \"{{x}}\"; }\n"},
	"hooks/hooks.yaml":                   {data: "not: the typed file\n"},
	"bin/db":                             {data: "\x7fELF\x02\x01\x01\x00binary", exec: true},
	"assets/icon.png":                    {data: "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
	"assets/bom.txt":                     {data: "\ufeffbom first\n"},
	"-lead/--x.md":                       {data: "# dashes\n"},
	"ünïcödé/ファイル.txt":                   {data: "テキスト\n"},
	"spaces in/a b c.md":                 {data: "<!-- not a marker -->\n"},
	"plugin.yaml":                        {data: "a root file named like plugforge's own\n"},
	"raw/x":                              {data: "a file under raw/ in the plugin itself\n"},
	"empty.txt":                          {data: ""},
	"no-newline.json":                    {data: "{}"},
	"notexec.sh":                         {data: "#!/bin/sh\n"},
}

func writeTree(t *testing.T, dir string, files map[string]treeFile) {
	t.Helper()
	for p, f := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		mode := os.FileMode(0o644)
		if f.exec {
			mode = 0o755
		}
		require.NoError(t, os.WriteFile(full, []byte(f.data), mode))
		require.NoError(t, os.Chmod(full, mode))
	}
}

func TestRoundTripHostile(t *testing.T) {
	for _, o := range []Options{{}, {Markers: "manifest"}} {
		t.Run("markers="+string(o.Markers), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "hostile")
			writeTree(t, dir, hostile)
			got, res := importAndBuild(t, dir, o, hostileLint)
			sameTree(t, hostile, got, o.Markers == "")
			assert.Equal(t, len(hostile), res.Counts.Verified)
			assert.Equal(t, 4, res.Counts.Raw, "CRLF command, binary, PNG and BOM text are copied as bytes")

			src := map[string]string{}
			for _, f := range res.Files {
				src[f.Path] = string(f.Data)
			}
			// References became calls; names that are not this plugin's
			// components, or whose file and name disagree, stayed literal.
			cmd := src["commands/my cmd.md"]
			assert.Contains(t, cmd, `Run {{.Cmd "-dash"}} then /hostile:my cmd.`, "a name with a space is no reference")
			assert.Contains(t, cmd, `The {{.Skill "überskill"}} skill; hostile:ünknown stays.`)
			assert.Contains(t, cmd, `Use {{"{{"}} .Name {{"}}"}} and {{"{{"}}- x -{{"}}"}} and {{"{{"}}/* c */{{"}}"}}, JSON {"a": {"b": 1}}.`)
			assert.Contains(t, src["skills/überskill/SKILL.md"], "subagent_type: {{.Agent \"wörker\"}}\nand hostile:renamed")
			assert.Contains(t, src["agents/wörker.md"], `subagent_type {{.Agent "wörker"}}`)
			assert.Equal(t, hostile["commands/crlf.md"].data, src["raw/commands/crlf.md"])
			assert.Contains(t, src, "files/hooks/hooks.yaml", "a plugin file that plugin-src would read as typed hooks is kept as a file")
			assert.Contains(t, src, "hooks/hooks.json", "hooks plugforge does not type are kept as written")
			assert.Contains(t, src, "files/raw/x")

			// Every field of plugin.json is in plugin.yaml; the ones
			// plugforge does not type are kept verbatim, with a warning.
			y := src["plugin.yaml"]
			for _, s := range []string{`name: "hostile"`, `description: "Breaks importers — on purpose"`, `keywords: []`,
				`order: ["name", "displayName", "description", "version", "author", "keywords", "mcpServers", "repository"]`,
				`indent: "    "`, "ascii: true", `end: ""`, `"timeout": 1.50`, `"x": null`, `"env": {}`} {
				assert.Contains(t, y, s)
			}
			var warned []string
			for _, m := range res.Messages {
				if m.Warning {
					warned = append(warned, m.String())
				}
			}
			assert.Contains(t, strings.Join(warned, "\n"), `hostile/.claude-plugin/plugin.json:6: warning: field "author" has a shape plugforge does not type`)
			assert.Contains(t, strings.Join(warned, "\n"), `hostile/.claude-plugin/plugin.json:3: warning: field "displayName" is not one plugforge types`)
			assert.Contains(t, strings.Join(warned, "\n"), `hostile/commands/crlf.md: warning: copied byte for byte, not as a template (file has CR line endings; use LF)`)
		})
	}
}

// A rename reaches every reference the import turned into a call.
func TestImportedReferencesFollowARename(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hostile")
	writeTree(t, dir, hostile)
	_, _ = importAndBuild(t, dir, Options{Markers: "manifest"}, hostileLint) // leaves the cwd at the work dir
	y, err := os.ReadFile("plugin-src/plugin.yaml")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile("plugin-src/plugin.yaml", []byte(strings.Replace(string(y), "    name: \"hostile\"", "    name: \"renamed\"", 1)), 0o644))
	_, err = pipeline.Build(pipeline.Options{Src: "plugin-src", Dist: "dist"})
	require.NoError(t, err)
	b, err := os.ReadFile("dist/hostile/commands/my cmd.md")
	require.NoError(t, err)
	assert.Contains(t, string(b), "Run /renamed:-dash then /hostile:my cmd.")
	assert.Contains(t, string(b), "The renamed:überskill skill")
	b, err = os.ReadFile("dist/hostile/.claude-plugin/plugin.json")
	require.NoError(t, err)
	assert.Contains(t, string(b), `"name": "renamed"`)
}

// Symbolic links are refused, naming the link, whatever they point at;
// so are files no plugin-src could carry. Nothing is returned to write.
func TestImportRefuses(t *testing.T) {
	base := map[string]treeFile{".claude-plugin/plugin.json": {data: `{"name": "p"}`}, "commands/c.md": {data: "x\n"}}
	for _, c := range []struct {
		name  string
		setup func(dir string) error
		want  string
	}{
		{"file symlink", func(d string) error { return os.Symlink("c.md", filepath.Join(d, "commands/link.md")) },
			`p/commands/link.md: symbolic link (to "c.md"): plugforge import copies files, never links; replace the link with the file it points to, or delete it`},
		{"directory symlink", func(d string) error { return os.Symlink("/etc", filepath.Join(d, "skills")) },
			`p/skills: symbolic link (to "/etc"): plugforge import copies files, never links; replace the link with the file it points to, or delete it`},
		{"dangling symlink", func(d string) error { return os.Symlink("nowhere", filepath.Join(d, "AGENTS.md")) },
			`p/AGENTS.md: symbolic link (to "nowhere"): plugforge import copies files, never links; replace the link with the file it points to, or delete it`},
		{"newline in a name", func(d string) error { return os.WriteFile(filepath.Join(d, "a\nb.md"), nil, 0o644) },
			`p/"a\nb.md": file name has a control character; rename it`},
		{"invalid JSON", func(d string) error {
			return os.WriteFile(filepath.Join(d, ".claude-plugin/plugin.json"), []byte("{\n  \"name\": \"p\",\n}\n"), 0o644)
		}, `p/.claude-plugin/plugin.json:3: invalid JSON: expected a quoted key`},
		{"name not kebab-case", func(d string) error {
			return os.WriteFile(filepath.Join(d, ".claude-plugin/plugin.json"), []byte("{\n  \"name\": \"My Plugin\"\n}\n"), 0o644)
		}, `p/.claude-plugin/plugin.json:2: name "My Plugin" is not kebab-case; plugforge builds variants under kebab-case names, so rename the plugin before importing it`},
		{"layout plugforge cannot write", func(d string) error {
			return os.WriteFile(filepath.Join(d, ".claude-plugin/plugin.json"), []byte("{\n  \"name\" : \"p\"\n}\n"), 0o644)
		}, `p/.claude-plugin/plugin.json:2: round trip: the build would write "  \"name\": \"p\"" here instead of "  \"name\" : \"p\""; plugforge cannot reproduce this layout of plugin.json: reformat it (two-space indentation, as JSON.stringify writes it) and import again`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "p")
			writeTree(t, dir, base)
			require.NoError(t, c.setup(dir))
			t.Chdir(filepath.Dir(dir))
			res, err := Import("p", Options{})
			assert.Nil(t, res)
			assert.EqualError(t, err, c.want)
		})
	}
}

// Write never overwrites: a non-empty target is refused.
func TestWriteRefusesNonEmpty(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	writeTree(t, dir, map[string]treeFile{".claude-plugin/plugin.json": {data: `{"name": "p"}`}})
	res, err := Import(dir, Options{})
	require.NoError(t, err)
	out := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(out, "keep"), []byte("mine"), 0o644))
	assert.ErrorIs(t, res.Write(out), outtree.ErrNotEmpty)
	b, _ := os.ReadFile(filepath.Join(out, "keep"))
	assert.Equal(t, "mine", string(b))
	require.NoError(t, res.Write(filepath.Join(out, "new")))
}

// The same plugin imports to the same bytes on every run.
func TestImportDeterministic(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hostile")
	writeTree(t, dir, hostile)
	a, err := Import(dir, Options{})
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		b, err := Import(dir, Options{})
		require.NoError(t, err)
		assert.Equal(t, a, b)
	}
}
