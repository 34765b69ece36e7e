// Package config loads .plugforge.yaml, the lint configuration, and checks
// it against schemas/plugforge-config.schema.json before using it.
//
//	rules:
//	  enable: [DR001]            # rule ID, alias or family
//	  disable: [content]
//	severity:
//	  CT001: error               # by rule ID, alias or family
//	options:
//	  CT003: {max-lines: 400}
//	ignore:
//	  - path: "dist/*/commands/legacy.md"   # glob over finding paths; ** crosses directories
//	    rules: [CT004]                      # optional: default all rules
//	    reason: kept verbatim until upstream issue 12 is fixed
//	  - path: .claude-plugin/plugin.json
//	    pointer: /mcpServers/db/url          # optional: only within this JSON value
//	    rules: [MC001]                       # (or line: 12: only on that line)
//	    reason: the URL is filled in by the installer
//	baseline: plugforge-baseline.json     # findings held back, relative to this file
//
// It records the line of every selector and ignore so the engine can point
// at them (an ignore that matches nothing is reported). An ignore is an
// external suppression: the engine counts what it hides and reports it as
// suppressed. Files that can carry comments use inline directives instead
// (generator/lint/suppress). It does not know the
// rule set: resolving selectors to rules is generator/lint's job.
package config
