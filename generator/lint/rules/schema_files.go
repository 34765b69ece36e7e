package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// schemaFileRules check manifests, hooks, MCP and LSP configs and component
// frontmatter against the JSON Schemas in schemas/.
func schemaFileRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "SC001", Alias: "manifest-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin.json does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("plugin.json", "plugin.schema.json"),
				Bad:         `{"name": "my-plugin", "author": "Jane", "keywords": "lint"}`,
				Good:        `{"name": "my-plugin", "author": {"name": "Jane"}, "keywords": ["lint"]}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code refuses plugin.json: the validator reports an error and the loader does not load the plugin, or drops the value."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("plugin.json"),
		},
		{
			ID: "SC002", Alias: "marketplace-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace.json does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("marketplace.json", "marketplace.schema.json"),
				Bad:         `{"name": "tools", "plugins": [{"name": "a"}]}`,
				Good:        `{"name": "tools", "owner": {"name": "Jane"}, "plugins": [{"name": "a", "source": "./a"}]}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code refuses the marketplace, or the entry, when it is added: nothing in it installs."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("marketplace.json"),
		},
		{
			ID: "SC003", Alias: "hooks-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindHooks),
			Title: "hooks file does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("hooks file", "hooks.schema.json"),
				Bad:         `{"hooks": {"Stop": [{"hooks": [{"type": "command"}]}]}}`,
				Good:        `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}`,
				Checked:     "2.1.328",
				Consequence: "The malformed hook entry is dropped at load and never fires; under PreToolUse or PermissionRequest the validator refuses the plugin."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("hooks file"),
		},
		{
			ID: "SC004", Alias: "mcp-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindMCP),
			Title: "MCP config does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("MCP config", "mcp.schema.json"),
				Bad:         `{"mcpServers": {"db": {"type": "grpc"}}}`,
				Good:        `{"mcpServers": {"db": {"type": "http", "url": "https://db.example.com/mcp"}}}`,
				Checked:     "2.1.328",
				Consequence: "The server is dropped at load: its tools never appear."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("MCP config"),
		},
		{
			ID: "SC005", Alias: "lsp-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindLSP),
			Title: "LSP config does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("LSP config", "lsp.schema.json"),
				Bad:         `{"go": {"command": "gopls", "extensions": [".go"]}}`,
				Good:        `{"go": {"command": "gopls", "extensionToLanguage": {".go": "go"}}}`,
				Checked:     "2.1.328",
				Consequence: "The LSP server is refused at load: the language features never start."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("LSP config"),
		},
		{
			ID: "SC006", Alias: "agent-frontmatter-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindAgent),
			Title: "agent frontmatter does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("agent frontmatter", "agent.schema.json"),
				Bad:         "---\nname: reviewer\nmaxTurns: many\n---",
				Good:        "---\nname: reviewer\nmaxTurns: 10\n---",
				Checked:     "2.1.330",
				Consequence: "A field of the wrong type is dropped, or the validator refuses the agent (name, description, tools): the agent loads other than it says. Cosmetic colours and memory scopes are left to agent-color-unknown and agent-memory-unknown, and empty model, hooks, initialPrompt and isolation keys to agent-key-empty."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("agent frontmatter"),
		},
		{
			ID: "SC007", Alias: "command-frontmatter-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindCommand),
			Title: "command frontmatter does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("command frontmatter", "command.schema.json"),
				Bad:         "---\ndescription: Deploy\nshell: zsh\ndisable-model-invocation: \"yes\"\n---",
				Good:        "---\ndescription: Deploy\nshell: bash\ndisable-model-invocation: true\n---",
				Checked:     "2.1.328",
				Consequence: "A field of the wrong type is dropped or the command is refused (shell, allowed-tools): it loads other than it says."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("command frontmatter"),
		},
		{
			ID: "SC008", Alias: "skill-frontmatter-schema", Family: famSchema, Severity: lint.Error, Kinds: kinds(snapshot.KindSkill),
			Title: "skill frontmatter does not match its schema",
			Doc: lint.Doc{Why: schemaWhy("skill frontmatter", "skill.schema.json"),
				Bad:         "---\nname: pdf\ndescription: [Reads, PDFs]\n---",
				Good:        "---\nname: pdf\ndescription: Reads PDFs\n---",
				Checked:     "2.1.328",
				Consequence: "A field of the wrong type is dropped or the skill is refused (description, allowed-tools): it loads other than it says. A context other than fork or inline is left to skill-context-unknown."},
			Requires: []lint.Analyzer{facts.SchemaIssues},
			Check:    schemaCheck("skill frontmatter"),
		},
		{
			ID: "SC009", Alias: "unknown-key", Family: famSchema, Severity: lint.Warning,
			Kinds: kinds(snapshot.KindManifest, snapshot.KindMarketplace, snapshot.KindHooks, snapshot.KindMCP,
				snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill),
			Title: "key that Claude Code does not know and ignores",
			Doc: lint.Doc{Why: `Claude Code ignores keys it does not know — usually a typo ("descripton"), a key
from another tool, or a key of the wrong component type (tools: on a command). The value
silently has no effect. "claude plugin validate" warns for manifests only.`,
				Bad:         "---\ndescription: Review a PR\nallowed_tools: Read\n---",
				Good:        "---\ndescription: Review a PR\nallowed-tools: Read\n---",
				Fix:         keyTypoFixDoc,
				Checked:     "2.1.328",
				Consequence: "The key has no effect. Usually a typo or a key of another component type, so a likely mistake: a warning."},
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
						if f.Kind == snapshot.KindManifest && is.Pointer == "" && refusedKey(f, k) {
							continue // not ignored: the manifest is refused (manifest-hidden-hooks)
						}
						ptr := snapshot.Pointer(is.Pointer, k)
						var fix *lint.Fix
						if is.Pointer == "" {
							fix = keyTypoFix(f, k)
						}
						reportWith(pass, fix, issueLoc(f, ptr, true), "remove the key or fix its spelling",
							"%s has unknown key %q at %s; Claude Code ignores it", f.Kind.Noun(), k, where(is.Pointer))
					}
				}
			},
		},
	}
}

// schemaWhy is the Why of the rule checking what against its schema file.
func schemaWhy(what, schema string) string {
	return "Checks " + what + " against schemas/" + schema + ` (JSON Schema draft 2020-12): types, required
keys and closed value sets, one finding per leaf error with its JSON pointer. A value of
the wrong type is dropped or fails the load at runtime; "claude plugin validate" reports most
of these as errors. In frontmatter, an unquoted number or boolean, or an empty key, in a
free-text field (description, version, argument-hint, when_to_use: ` + "`version: 1.0`, `argument-hint:`" + `)
is not reported: 2.1.330 loads the component and its validator accepts it (facts.ReadAsText); a
name or an allowed-tools entry that is not a string is.`
}

// schemaCheck reports every schema issue of a file except unknown keys,
// which Claude Code merely ignores (SC009 reports those), and the closed
// value sets of cosmetic keys, which it shows in a default instead
// (cosmeticKeys), and frontmatter scalars Claude Code reads as the text
// they are written as (facts.ReadAsText); what names the file in messages.
func schemaCheck(what string) func(*lint.Pass) {
	return func(pass *lint.Pass) {
		f := pass.File
		for _, is := range facts.SchemaIssues.Of(pass, f) {
			if is.Keyword == "additionalProperties" || is.Keyword == "enum" && cosmeticKeys[f.Kind][is.Pointer] {
				continue
			}
			if facts.EmptyAsAbsent(f, is.Pointer) || facts.ToleratedText(f, is.Pointer) {
				continue // "isolation:", "metadata: author=x": loaded as if absent (agent-key-empty, key-value-ignored)
			}
			if is.Keyword == "type" && strings.HasPrefix(is.Message, "expected string") && facts.ReadAsText(f, is.Pointer) {
				continue // "version: 1.0", "argument-hint:": loaded as written (facts.ReadAsText)
			}
			pass.Reportf(issueLoc(f, is.Pointer, false), "fix the value to match the schema",
				"%s: %s at %s", what, is.Message, where(is.Pointer))
		}
	}
}

// cosmeticKeys are frontmatter keys whose out-of-set values Claude Code
// 2.1.330 accepts and merely does not display or drops: another rule, at
// warning, reports them (agent color: agent-color-unknown; agent memory:
// agent-memory-unknown; skill context: skill-context-unknown).
var cosmeticKeys = map[snapshot.Kind]map[string]bool{
	snapshot.KindAgent: {"/color": true, "/memory": true},
	snapshot.KindSkill: {"/context": true},
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
