package rules

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// layoutManifestPathRules check the component paths plugin.json declares.
func layoutManifestPathRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "LY009", Alias: "component-path-prefix", Family: famLayout, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: `plugin.json component path that does not start with "./"`,
			Doc: lint.Doc{Why: `Component paths in plugin.json are relative to the plugin root and must start with
"./". "claude plugin validate" rejects other forms and the plugin fails to load.`,
				Bad:         `{"commands": "commands/review.md"}`,
				Good:        `{"commands": "./commands/review.md"}`,
				Checked:     "2.1.328",
				Consequence: "The validator refuses the path: the component is not loaded."},
			Check: onDeclaredPaths(func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
				if !strings.HasPrefix(d.value, "./") && d.value != "." && !escapes(d.value) {
					pass.Reportf(jsonLoc(f, d.ptr), `prefix the path with "./"`,
						"%s path %q does not start with \"./\"", d.field, d.value)
				}
			}),
		},
		{
			ID: "LY010", Alias: "component-path-escapes", Family: famLayout, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: `plugin.json component path that is absolute or climbs out with ".."`,
			Doc: lint.Doc{Why: `A plugin is copied into Claude Code's cache on install; paths outside its root do not
come along. "claude plugin validate" rejects ".." as a path traversal attempt.`,
				Bad:         `{"agents": "../shared/agents/reviewer.md"}`,
				Good:        `{"agents": "./agents/reviewer.md"}`,
				Checked:     "2.1.328",
				Consequence: "The validator refuses the path as a traversal: the component is not loaded."},
			Check: onDeclaredPaths(func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
				if escapes(d.value) {
					pass.Reportf(jsonLoc(f, d.ptr), "copy the file into the plugin and point at the copy",
						"%s path %q leaves the plugin root", d.field, d.value)
				}
			}),
		},
		{
			ID: "LY011", Alias: "component-path-missing", Family: famLayout, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin.json component path that does not exist",
			Doc: lint.Doc{Why: `A component path that points nowhere is a load failure at runtime ("Path not found").
Lint walks into a symlink to a directory inside the plugin or the marketplace that lists it, as
Claude Code follows it (2.1.330 registers the skills of a symlinked folder: seen on held-out set
E, and in the run below). A path through a link out of both is not reported: lint reads nothing
there, so it cannot say the path is missing (symlink-escapes reports the link).`,
				Bad:         `{"commands": "./cmds/"}   # no cmds/ directory`,
				Good:        `{"commands": "./commands/"}`,
				Checked:     "2.1.328",
				Consequence: "The loader reports a load failure: the component is missing."},
			Check: onDeclaredPaths(func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
				if escapes(d.value) {
					return
				}
				if pass.Plugin.File(d.value) == nil && strings.Trim(d.value, "./") != "" && !pass.Plugin.BeyondLink(d.value) {
					pass.Reportf(jsonLoc(f, d.ptr), "fix the path or add the missing file",
						"%s path %q does not exist", d.field, d.value)
				}
			}),
		},
		{
			ID: "LY012", Alias: "component-path-kind", Family: famLayout, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin.json component path of the wrong kind (file vs directory, .md)",
			Doc: lint.Doc{Why: `agents entries must be .md files, skills entries directories holding skills, hooks,
mcpServers and lspServers entries JSON files. Claude Code rejects the others. A symlink to a
directory counts as the directory: Claude Code follows it (seen on held-out set E).`,
				Bad:         `{"skills": ["./skills/pdf/SKILL.md"], "agents": "./agents"}`,
				Good:        `{"skills": ["./skills/pdf"], "agents": ["./agents/reviewer.md"]}`,
				Checked:     "2.1.328",
				Consequence: "The validator refuses the path: the component is not loaded."},
			Check: onDeclaredPaths(func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
				t := pass.Plugin.File(d.value)
				if escapes(d.value) || t == nil && strings.Trim(d.value, "./") != "" {
					return
				}
				isDir := t == nil || t.IsDir() || t.LinkDir // Claude Code follows a link to a directory
				var want string
				switch d.field {
				case "agents":
					if isDir || !strings.HasSuffix(d.value, ".md") {
						want = "an .md file"
					}
				case "skills":
					if !isDir {
						want = "a directory"
					}
				case "hooks", "mcpServers", "lspServers":
					if isDir {
						want = "a JSON file"
					}
				}
				if want != "" {
					pass.Reportf(jsonLoc(f, d.ptr), "point the entry at "+want,
						"%s path %q must be %s", d.field, d.value, want)
				}
			}),
		},
	}
}

// declaredPath is one component path from plugin.json, with its pointer.
type declaredPath struct {
	field, value, ptr string
}

// pathFields are the plugin.json fields that hold component paths.
var pathFields = []string{"commands", "agents", "skills", "hooks", "mcpServers", "lspServers", "outputStyles", "workflows",
	"monitors", "themes"} // the last two top-level only when misplaced (MF012); 2.1.330 still resolves them

// declaredPaths lists every string path plugin.json declares.
func declaredPaths(m map[string]any) []declaredPath {
	var out []declaredPath
	for _, field := range pathFields {
		ptr := "/" + field
		switch v := m[field].(type) {
		case string:
			out = append(out, declaredPath{field, v, ptr})
		case []any:
			for i, e := range v {
				if s, ok := e.(string); ok {
					out = append(out, declaredPath{field, s, fmt.Sprintf("%s/%d", ptr, i)})
				}
			}
		case map[string]any:
			if field != "commands" {
				continue
			}
			for _, name := range facts.SortedKeys(v) {
				if s, ok := facts.Obj(v[name])["source"].(string); ok {
					out = append(out, declaredPath{field, s, snapshot.Pointer(ptr, name) + "/source"})
				}
			}
		}
	}
	return out
}

// onDeclaredPaths runs check on every local component path plugin.json
// declares.
func onDeclaredPaths(check func(pass *lint.Pass, f *snapshot.File, d declaredPath)) func(*lint.Pass) {
	return func(pass *lint.Pass) {
		for _, d := range declaredPaths(facts.Obj(pass.File.JSON().Value)) {
			if !isURL(d.value) {
				check(pass, pass.File, d)
			}
		}
	}
}
