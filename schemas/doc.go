// Package schemas embeds plugforge's JSON Schemas (draft 2020-12) and
// validates decoded documents against them.
//
// The schemas describe the structure and types of the files Claude Code
// 2.1.328 reads from a plugin — plugin.json, marketplace.json, hooks.json,
// .mcp.json, .lsp.json and agent, command and skill frontmatter — plus
// plugforge's own .plugforge.yaml, the lint baseline and the lint JSON
// output. They encode
// what a schema can say well (types, required keys, closed value sets,
// unknown keys); semantics such as name formats, paths and cross-references
// are lint rules in generator/lint/rules.
//
// Convention: "additionalProperties": false marks keys Claude Code ignores
// (lint reports them as warnings, rule SC009); "unevaluatedProperties":
// false marks objects Claude Code rejects when they carry an unknown key
// (reported as errors by the file's schema rule).
//
// The package lives at the repository root because go:embed cannot reach
// parent directories. It does not fetch anything over the network.
package schemas
