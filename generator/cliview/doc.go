// Package cliview asks the installed Claude Code CLI what it makes of a
// plugin directory: the slash commands, skills and agents it registers,
// the MCP servers it starts, and the plugins it loaded, under the names it
// gives them ("plugin:cmd", "plugin:dir:cmd").
//
// It runs `claude -p --output-format stream-json --verbose --plugin-dir DIR`
// with a throw-away HOME and working directory, a dummy API key and an API
// address nothing listens on, reads the system/init message, which the CLI
// prints after loading the plugin and before any request to the Messages
// API (other system messages, such as SessionStart hooks' reports, may
// come before it), and stops the process.
// Nothing reaches the network and nothing outside the temporary
// directories changes. Unless asked, the plugin's hooks and MCP servers do
// not run, so a third-party plugin can be listed safely; when asked, the
// results of its SessionStart hooks, which finish before the init message,
// come with the listing.
//
// It builds everywhere plugforge does, since Find is the CLI search every
// caller shares (generator/harness, so plugforge test, uses it); listings
// are recorded on Unix, where it stops the CLI's whole process group, and
// elsewhere it stops the CLI alone.
//
// It does not judge the listing or know how Claude Code names things:
// generator/lint/snapshot models the names, and its tests compare the model
// with what this package reports. It does not run a model turn either: what
// a plugin does once the model answers is generator/harness's business.
package cliview
