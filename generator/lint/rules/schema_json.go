package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
)

// schemaJSONRules check that JSON files parse the way Claude Code reads them.
func schemaJSONRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "SC010", Alias: "json-syntax", Family: famSchema, Severity: lint.Error, Kinds: jsonKinds,
			Title: "JSON file that does not parse",
			Doc: lint.Doc{Why: `A manifest, hooks or MCP file that is not valid JSON breaks the load: an invalid
plugin.json or hooks.json fails the whole plugin, an invalid .mcp.json loads no servers.
Comments and trailing commas are not JSON.`,
				Bad: `{"name": "my-plugin", // the name
}`,
				Good:        `{"name": "my-plugin"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code cannot parse the file: the plugin, every hook in it or every server in it fails to load."},
			Check: func(pass *lint.Pass) {
				j := pass.File.JSON()
				if j.Err != nil {
					pass.Reportf(pass.File.At(j.ErrOffset), "fix the JSON syntax",
						"%s is not valid JSON: %s", pass.File.Base(), j.Err)
				}
			},
		},
		{
			ID: "SC011", Alias: "json-bom", Family: famSchema, Severity: lint.Warning, Kinds: jsonKinds,
			Title: "JSON file starting with a byte order mark",
			Doc: lint.Doc{Why: `Claude Code 2.1.328 tolerates a UTF-8 byte order mark, but 2.1.197 rejects the file
as invalid JSON ("Unrecognized token"), as do strict JSON parsers and the plugin directory's
submission checks.`,
				Bad:         `<EF BB BF>{"name": "my-plugin"}`,
				Good:        `{"name": "my-plugin"}`,
				Fix:         "removes the byte order mark.",
				Checked:     "2.1.330",
				Consequence: "Strict JSON parsers, older Claude Code releases among them, reject the file, and the plugin directory refuses the submission (MANIFEST_INVALID_JSON)."},
			Check: func(pass *lint.Pass) {
				if pass.File.JSON().BOM {
					reportWith(pass, bomFix(pass.File), pass.File.Line(1), "save the file as UTF-8 without a byte order mark",
						"%s starts with a UTF-8 byte order mark", pass.File.Base())
				}
			},
		},
		{
			ID: "SC012", Alias: "json-duplicate-key", Family: famSchema, Severity: lint.Warning, Kinds: jsonKinds,
			Title: "JSON object with the same key twice",
			Doc: lint.Doc{Why: `When a key repeats, JSON parsers keep one of the values (Claude Code the last) and
drop the other without a word; the earlier block is dead text that readers still trust.`,
				Bad:         `{"hooks": {"Stop": [...], "Stop": [...]}}`,
				Good:        `{"hooks": {"Stop": [..., ...]}}`,
				Checked:     "2.1.328",
				Consequence: "Only the last value counts and the first is silently lost; a likely mistake."},
			Check: func(pass *lint.Pass) {
				for _, d := range pass.File.JSON().Dups {
					pass.Reportf(pass.File.At(d.Offset), "merge the two entries into one",
						"key %s appears twice in %s; only the last is used", lint.Quote(lastToken(d.Pointer)), pass.File.Base())
				}
			},
		},
		hiddenHooksRule(),
	}
}
