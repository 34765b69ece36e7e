package facts

import (
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/schemas"
)

// SchemaFor names the schema (schemas/) each kind of file is checked against.
var SchemaFor = map[snapshot.Kind]string{
	snapshot.KindManifest:    "plugin.schema.json",
	snapshot.KindMarketplace: "marketplace.schema.json",
	snapshot.KindHooks:       "hooks.schema.json",
	snapshot.KindMCP:         "mcp.schema.json",
	snapshot.KindLSP:         "lsp.schema.json",
	snapshot.KindAgent:       "agent.schema.json",
	snapshot.KindCommand:     "command.schema.json",
	snapshot.KindSkill:       "skill.schema.json",
}

// SchemaIssues validates a manifest, hooks, MCP or LSP file, or a
// component's frontmatter, against its schema. A file that does not parse
// has no issues here (the syntax rules report it).
var SchemaIssues = lint.NewFileAnalysis("schema-issues", "the JSON Schema issues of a file against its schema in schemas/",
	nil, func(_ *lint.Input, f *snapshot.File) []schemas.Issue {
		name := SchemaFor[f.Kind]
		var v any
		switch {
		case f.Kind.IsJSON():
			if f.JSON().Err != nil {
				return nil
			}
			v = f.JSON().Value
		case f.Kind.IsComponent():
			fm := f.Frontmatter()
			if !fm.Mapping() {
				return nil
			}
			var err error
			if v, err = snapshot.Value(fm.Root); err != nil {
				return nil
			}
		}
		issues, err := schemas.Validate(name, v)
		if err != nil {
			panic(err) // the embedded schemas are broken: a plugforge bug
		}
		return issues
	})
