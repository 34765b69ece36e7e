// Package model holds plugforge's typed view of a Claude Code plugin: the
// manifest, commands, agents, skills and hooks that plugin-src declares, the
// build variants, and the closed sets of values Claude Code accepts (agent
// models, tool names, hook events, handler types, colours).
//
// The closed sets validate themselves while YAML is decoded, so a bad value is
// reported at the line it sits on. The package does not read files, render
// templates or know about dist/; see generator/source and generator/render.
package model
