package rules

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/schemas"
)

type located struct {
	schemas.Issue
	key bool // report at the key rather than the value
}

// issueLoc places an issue in the file.
func issueLoc(f *snapshot.File, ptr string, key bool) snapshot.Loc {
	if f.Kind.IsJSON() {
		if key {
			return keyLoc(f, ptr)
		}
		return jsonLoc(f, ptr)
	}
	return nodeLoc(f, snapshot.NodeAt(f.Frontmatter().Root, ptr, key))
}

func where(ptr string) string {
	if ptr == "" {
		return "top level"
	}
	return ptr
}

// schemaRule builds the rule checking one kind of file against its schema;
// unknown keys that Claude Code merely ignores are left to SC009.
func schemaRule(id, alias string, k snapshot.Kind, what string) lint.Rule {
	return lint.Rule{
		ID: id, Alias: alias, Family: famSchema, Severity: lint.Error, Kinds: kinds(k),
		Title: what + " does not match its schema",
		Doc: doc(fmt.Sprintf(`Checks %s against schemas/%s (JSON Schema draft 2020-12): types, required
keys and closed value sets, one finding per leaf error with its JSON pointer. A value of
the wrong type is dropped or fails the load at runtime; "claude plugin validate" reports most
of these as errors.`, what, facts.SchemaFor[k]), schemaBad[k], schemaGood[k]),
		Requires: []lint.Analyzer{facts.SchemaIssues},
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, is := range facts.SchemaIssues.Of(pass, f) {
				if is.Keyword == "additionalProperties" {
					continue
				}
				pass.Reportf(issueLoc(f, is.Pointer, false), "fix the value to match the schema",
					"%s: %s at %s", what, is.Message, where(is.Pointer))
			}
		},
	}
}

var schemaBad = map[snapshot.Kind]string{
	snapshot.KindManifest:    `{"name": "my-plugin", "author": "Jane", "keywords": "lint"}`,
	snapshot.KindMarketplace: `{"name": "tools", "plugins": [{"name": "a"}]}`,
	snapshot.KindHooks:       `{"hooks": {"Stop": [{"hooks": [{"type": "command"}]}]}}`,
	snapshot.KindMCP:         `{"mcpServers": {"db": {"type": "grpc"}}}`,
	snapshot.KindLSP:         `{"go": {"command": "gopls", "extensions": [".go"]}}`,
	snapshot.KindAgent:       "---\nname: reviewer\ncolor: magenta\nmaxTurns: many\n---",
	snapshot.KindCommand:     "---\ndescription: Deploy\nshell: zsh\ndisable-model-invocation: \"yes\"\n---",
	snapshot.KindSkill:       "---\nname: pdf\ndescription: [Reads, PDFs]\n---",
}

var schemaGood = map[snapshot.Kind]string{
	snapshot.KindManifest:    `{"name": "my-plugin", "author": {"name": "Jane"}, "keywords": ["lint"]}`,
	snapshot.KindMarketplace: `{"name": "tools", "owner": {"name": "Jane"}, "plugins": [{"name": "a", "source": "./a"}]}`,
	snapshot.KindHooks:       `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}`,
	snapshot.KindMCP:         `{"mcpServers": {"db": {"type": "http", "url": "https://db.example.com/mcp"}}}`,
	snapshot.KindLSP:         `{"go": {"command": "gopls", "extensionToLanguage": {".go": "go"}}}`,
	snapshot.KindAgent:       "---\nname: reviewer\ncolor: purple\nmaxTurns: 10\n---",
	snapshot.KindCommand:     "---\ndescription: Deploy\nshell: bash\ndisable-model-invocation: true\n---",
	snapshot.KindSkill:       "---\nname: pdf\ndescription: Reads PDFs\n---",
}

var schemaRules = []lint.Rule{
	schemaRule("SC001", "manifest-schema", snapshot.KindManifest, "plugin.json"),
	schemaRule("SC002", "marketplace-schema", snapshot.KindMarketplace, "marketplace.json"),
	schemaRule("SC003", "hooks-schema", snapshot.KindHooks, "hooks file"),
	schemaRule("SC004", "mcp-schema", snapshot.KindMCP, "MCP config"),
	schemaRule("SC005", "lsp-schema", snapshot.KindLSP, "LSP config"),
	schemaRule("SC006", "agent-frontmatter-schema", snapshot.KindAgent, "agent frontmatter"),
	schemaRule("SC007", "command-frontmatter-schema", snapshot.KindCommand, "command frontmatter"),
	schemaRule("SC008", "skill-frontmatter-schema", snapshot.KindSkill, "skill frontmatter"),
	{
		ID: "SC009", Alias: "unknown-key", Family: famSchema, Severity: lint.Warning,
		Kinds: kinds(snapshot.KindManifest, snapshot.KindMarketplace, snapshot.KindHooks, snapshot.KindMCP,
			snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill),
		Title: "key that Claude Code does not know and ignores",
		Doc: doc(`Claude Code ignores keys it does not know — usually a typo ("descripton"), a key
from another tool, or a key of the wrong component type (tools: on a command). The value
silently has no effect. "claude plugin validate" warns for manifests only.`,
			"---\ndescription: Review a PR\nallowed_tools: Read\n---",
			"---\ndescription: Review a PR\nallowed-tools: Read\n---"),
		Requires: []lint.Analyzer{facts.SchemaIssues},
		Check: func(pass *lint.Pass) {
			f := pass.File
			for _, is := range facts.SchemaIssues.Of(pass, f) {
				if is.Keyword != "additionalProperties" {
					continue
				}
				for _, k := range is.Keys {
					if f.Kind == snapshot.KindHooks && is.Pointer == "" && isHookEvent(k) {
						continue // an event outside the wrapper: HK002
					}
					ptr := snapshot.Pointer(is.Pointer, k)
					pass.Reportf(issueLoc(f, ptr, true), "remove the key or fix its spelling",
						"%s has unknown key %q at %s; Claude Code ignores it", f.Kind.Noun(), k, where(is.Pointer))
				}
			}
		},
	},
}
