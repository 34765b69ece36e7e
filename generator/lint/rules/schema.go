package rules

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/plugin"
	"github.com/plugforge/plugforge/schemas"
)

// schemaFor names the schema each kind of file is checked against.
var schemaFor = map[plugin.Kind]string{
	plugin.KindManifest:    "plugin.schema.json",
	plugin.KindMarketplace: "marketplace.schema.json",
	plugin.KindHooks:       "hooks.schema.json",
	plugin.KindMCP:         "mcp.schema.json",
	plugin.KindLSP:         "lsp.schema.json",
	plugin.KindAgent:       "agent.schema.json",
	plugin.KindCommand:     "command.schema.json",
	plugin.KindSkill:       "skill.schema.json",
}

type located struct {
	schemas.Issue
	key bool // report at the key rather than the value
}

// schemaIssues validates a file once and shares the issues between rules.
func schemaIssues(f *plugin.File) []schemas.Issue {
	return f.Memo("schema", func() any {
		name := schemaFor[f.Kind]
		var v any
		switch {
		case f.Kind.IsJSON():
			if f.JSON().Err != nil {
				return []schemas.Issue(nil)
			}
			v = f.JSON().Value
		case f.Kind.IsComponent():
			fm := f.Frontmatter()
			if !fm.Mapping() {
				return []schemas.Issue(nil)
			}
			var err error
			if v, err = plugin.Value(fm.Root); err != nil {
				return []schemas.Issue(nil)
			}
		}
		issues, err := schemas.Validate(name, v)
		if err != nil {
			panic(err) // the embedded schemas are broken: a plugforge bug
		}
		return issues
	}).([]schemas.Issue)
}

// issueLoc places an issue in the file.
func issueLoc(f *plugin.File, ptr string, key bool) plugin.Loc {
	if f.Kind.IsJSON() {
		if key {
			return keyLoc(f, ptr)
		}
		return jsonLoc(f, ptr)
	}
	return nodeLoc(f, plugin.NodeAt(f.Frontmatter().Root, ptr, key))
}

func where(ptr string) string {
	if ptr == "" {
		return "top level"
	}
	return ptr
}

// schemaRule builds the rule checking one kind of file against its schema;
// unknown keys that Claude Code merely ignores are left to SC009.
func schemaRule(id, alias string, k plugin.Kind, what string) lint.Rule {
	return lint.Rule{
		ID: id, Alias: alias, Family: famSchema, Severity: lint.Error, Kinds: kinds(k),
		Title: what + " does not match its schema",
		Doc: doc(fmt.Sprintf(`Checks %s against schemas/%s (JSON Schema draft 2020-12): types, required
keys and closed value sets, one finding per leaf error with its JSON pointer. A value of
the wrong type is dropped or fails the load at runtime; "claude plugin validate" reports most
of these as errors.`, what, schemaFor[k]), schemaBad[k], schemaGood[k]),
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, is := range schemaIssues(f) {
				if is.Keyword == "additionalProperties" {
					continue
				}
				pass.Reportf(issueLoc(f, is.Pointer, false), "fix the value to match the schema",
					"%s: %s at %s", what, is.Message, where(is.Pointer))
			}
		},
	}
}

var schemaBad = map[plugin.Kind]string{
	plugin.KindManifest:    `{"name": "my-plugin", "author": "Jane", "keywords": "lint"}`,
	plugin.KindMarketplace: `{"name": "tools", "plugins": [{"name": "a"}]}`,
	plugin.KindHooks:       `{"hooks": {"Stop": [{"hooks": [{"type": "command"}]}]}}`,
	plugin.KindMCP:         `{"mcpServers": {"db": {"type": "grpc"}}}`,
	plugin.KindLSP:         `{"go": {"command": "gopls", "extensions": [".go"]}}`,
	plugin.KindAgent:       "---\nname: reviewer\ncolor: magenta\nmaxTurns: many\n---",
	plugin.KindCommand:     "---\ndescription: Deploy\nshell: zsh\ndisable-model-invocation: \"yes\"\n---",
	plugin.KindSkill:       "---\nname: pdf\ndescription: [Reads, PDFs]\n---",
}

var schemaGood = map[plugin.Kind]string{
	plugin.KindManifest:    `{"name": "my-plugin", "author": {"name": "Jane"}, "keywords": ["lint"]}`,
	plugin.KindMarketplace: `{"name": "tools", "owner": {"name": "Jane"}, "plugins": [{"name": "a", "source": "./a"}]}`,
	plugin.KindHooks:       `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}`,
	plugin.KindMCP:         `{"mcpServers": {"db": {"type": "http", "url": "https://db.example.com/mcp"}}}`,
	plugin.KindLSP:         `{"go": {"command": "gopls", "extensionToLanguage": {".go": "go"}}}`,
	plugin.KindAgent:       "---\nname: reviewer\ncolor: purple\nmaxTurns: 10\n---",
	plugin.KindCommand:     "---\ndescription: Deploy\nshell: bash\ndisable-model-invocation: true\n---",
	plugin.KindSkill:       "---\nname: pdf\ndescription: Reads PDFs\n---",
}

var schemaRules = []lint.Rule{
	schemaRule("SC001", "manifest-schema", plugin.KindManifest, "plugin.json"),
	schemaRule("SC002", "marketplace-schema", plugin.KindMarketplace, "marketplace.json"),
	schemaRule("SC003", "hooks-schema", plugin.KindHooks, "hooks file"),
	schemaRule("SC004", "mcp-schema", plugin.KindMCP, "MCP config"),
	schemaRule("SC005", "lsp-schema", plugin.KindLSP, "LSP config"),
	schemaRule("SC006", "agent-frontmatter-schema", plugin.KindAgent, "agent frontmatter"),
	schemaRule("SC007", "command-frontmatter-schema", plugin.KindCommand, "command frontmatter"),
	schemaRule("SC008", "skill-frontmatter-schema", plugin.KindSkill, "skill frontmatter"),
	{
		ID: "SC009", Alias: "unknown-key", Family: famSchema, Severity: lint.Warning,
		Kinds: kinds(plugin.KindManifest, plugin.KindMarketplace, plugin.KindHooks, plugin.KindMCP,
			plugin.KindCommand, plugin.KindAgent, plugin.KindSkill),
		Title: "key that Claude Code does not know and ignores",
		Doc: doc(`Claude Code ignores keys it does not know — usually a typo ("descripton"), a key
from another tool, or a key of the wrong component type (tools: on a command). The value
silently has no effect. "claude plugin validate" warns for manifests only.`,
			"---\ndescription: Review a PR\nallowed_tools: Read\n---",
			"---\ndescription: Review a PR\nallowed-tools: Read\n---"),
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, is := range schemaIssues(f) {
				if is.Keyword != "additionalProperties" {
					continue
				}
				for _, k := range is.Keys {
					if f.Kind == plugin.KindHooks && is.Pointer == "" && isHookEvent(k) {
						continue // an event outside the wrapper: HK002
					}
					ptr := plugin.Pointer(is.Pointer, k)
					pass.Reportf(issueLoc(f, ptr, true), "remove the key or fix its spelling",
						"%s has unknown key %q at %s; Claude Code ignores it", f.Kind.Noun(), k, where(is.Pointer))
				}
			}
		},
	},
}
