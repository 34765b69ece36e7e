package rules

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// declaredPath is one component path from plugin.json, with its pointer.
type declaredPath struct {
	field, value, ptr string
}

// pathFields are the plugin.json fields that hold component paths.
var pathFields = []string{"commands", "agents", "skills", "hooks", "mcpServers", "lspServers", "outputStyles", "workflows"}

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

func isURL(s string) bool { return strings.Contains(s, "://") }

// escapes reports whether a declared path is absolute or climbs out with "..".
func escapes(s string) bool {
	s = strings.ReplaceAll(s, "\\", "/")
	if strings.HasPrefix(s, "/") || len(s) > 1 && s[1] == ':' {
		return true
	}
	for _, seg := range strings.Split(s, "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}

func manifestPathRule(id, alias string, sev lint.Severity, title, why, bad, good string,
	check func(pass *lint.Pass, f *snapshot.File, d declaredPath)) lint.Rule {
	return lint.Rule{
		ID: id, Alias: alias, Family: famLayout, Severity: sev, Kinds: kinds(snapshot.KindManifest),
		Title: title, Doc: doc(why, bad, good),
		Check: func(pass *lint.Pass) {
			for _, d := range declaredPaths(facts.Obj(pass.File.JSON().Value)) {
				if !isURL(d.value) {
					check(pass, pass.File, d)
				}
			}
		},
	}
}

var layoutPathRules = []lint.Rule{
	manifestPathRule("LY009", "component-path-prefix", lint.Error,
		`plugin.json component path that does not start with "./"`,
		`Component paths in plugin.json are relative to the plugin root and must start with
"./". "claude plugin validate" rejects other forms and the plugin fails to load.`,
		`{"commands": "commands/review.md"}`, `{"commands": "./commands/review.md"}`,
		func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
			if !strings.HasPrefix(d.value, "./") && d.value != "." && !escapes(d.value) {
				pass.Reportf(jsonLoc(f, d.ptr), `prefix the path with "./"`,
					"%s path %q does not start with \"./\"", d.field, d.value)
			}
		}),
	manifestPathRule("LY010", "component-path-escapes", lint.Error,
		`plugin.json component path that is absolute or climbs out with ".."`,
		`A plugin is copied into Claude Code's cache on install; paths outside its root do not
come along. "claude plugin validate" rejects ".." as a path traversal attempt.`,
		`{"agents": "../shared/agents/reviewer.md"}`, `{"agents": "./agents/reviewer.md"}`,
		func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
			if escapes(d.value) {
				pass.Reportf(jsonLoc(f, d.ptr), "copy the file into the plugin and point at the copy",
					"%s path %q leaves the plugin root", d.field, d.value)
			}
		}),
	manifestPathRule("LY011", "component-path-missing", lint.Error,
		"plugin.json component path that does not exist",
		`A component path that points nowhere is a load failure at runtime ("Path not found").`,
		`{"commands": "./cmds/"}   # no cmds/ directory`, `{"commands": "./commands/"}`,
		func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
			if escapes(d.value) {
				return
			}
			if pass.Plugin.File(d.value) == nil && strings.Trim(d.value, "./") != "" {
				pass.Reportf(jsonLoc(f, d.ptr), "fix the path or add the missing file",
					"%s path %q does not exist", d.field, d.value)
			}
		}),
	manifestPathRule("LY012", "component-path-kind", lint.Error,
		"plugin.json component path of the wrong kind (file vs directory, .md)",
		`agents entries must be .md files, skills entries directories holding skills, hooks,
mcpServers and lspServers entries JSON files. Claude Code rejects the others.`,
		`{"skills": ["./skills/pdf/SKILL.md"], "agents": "./agents"}`,
		`{"skills": ["./skills/pdf"], "agents": ["./agents/reviewer.md"]}`,
		func(pass *lint.Pass, f *snapshot.File, d declaredPath) {
			t := pass.Plugin.File(d.value)
			if escapes(d.value) || t == nil && strings.Trim(d.value, "./") != "" {
				return
			}
			isDir := t == nil || t.IsDir()
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
}
