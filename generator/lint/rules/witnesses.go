package rules

import "github.com/plugforge/plugforge/generator/lint"

// The witnesses of the error rules (lint.Witness), one table so the rule
// files stay about checking. All puts each into its rule's Doc.

const witnessed = "2.1.330"

// Texts shared by the rules a listing cannot witness.
const (
	modelRun = "a model run (generator/harness, issue 18): the failure is in what a tool call answers, which the listing does not show."
	hookRun  = "a run of a tool event's hook (generator/harness): only SessionStart hooks run before the init message."
	mcpRun   = "an MCP start: the init message lists a plugin's servers as \"pending\", before any connects."
	risk     = "the severity stands on risk, not on a failure: Claude Code runs the plugin as written, which is the danger."
)

var witnesses = map[string]lint.Witness{
	// Manifests the loader refuses: the plugin is not in the listing.
	"SC001": {Fixture: "SC001", Checked: witnessed, Refused: true, Problem: "version: Invalid input: expected string, received number",
		Shows: "plugin.json with \"version\": 1 is refused (\"invalid manifest file\"): the plugin and its command are not listed."},
	"SC010": {Fixture: "SC010", Checked: witnessed, Refused: true, Problem: "corrupt manifest file",
		Shows: "plugin.json with a trailing comma is refused as a corrupt manifest: nothing of the plugin is listed."},
	"LY009": {Fixture: "LY009", Checked: witnessed, Refused: true, Problem: "commands: Invalid input",
		Shows: "\"commands\": \"cmds\" (no \"./\") makes the manifest invalid: the plugin is not listed."},
	"LY012": {Fixture: "LY012", Checked: witnessed, Refused: true, Problem: `agents: Invalid string: must end with \".md\"`,
		Shows: "\"agents\": \"./team\" (a directory) makes the manifest invalid: the plugin is not listed."},
	"MF001": {Fixture: "MF001", Checked: witnessed, Refused: true, Problem: "Plugin name cannot contain spaces",
		Shows: "\"name\": \"My Plugin\" makes the manifest invalid: the plugin is not listed."},
	"MF014": {Fixture: "MF014", Checked: witnessed, Refused: true, Problem: `must have either \"source\" (file path) or \"content\" (inline markdown), but not both`,
		Shows: "an inline command with both source and content makes the manifest invalid: the plugin is not listed."},
	// Components the loader does not register, or registers otherwise.
	"SC004": {Fixture: "SC004", Checked: witnessed, Listed: []string{"w:hello"}, Problem: "Invalid MCP server config for db",
		Shows: "the plugin loads, and its MCP server with a numeric command is dropped as an invalid config."},
	"LY010": {Fixture: "LY010", Checked: witnessed, Absent: []string{"w:greet", "w:hello"},
		Shows: "\"commands\": \"./../LY010-outside\" loads the plugin with no command at all: neither the file outside nor commands/hello.md."},
	"LY011": {Fixture: "LY011", Checked: witnessed, Absent: []string{"w:hello"}, Problem: "Command path ./nowhere specified in manifest but not found",
		Shows: "\"commands\": \"./nowhere\" is logged as not found, and commands/hello.md, which it replaces, is not listed either."},
	"LY004": {Fixture: "LY004", Checked: witnessed, Absent: []string{"w:forms"}, Listed: []string{"w:hello"},
		Shows: "skills/forms/skill.md (lower case) registers no skill."},
	"LY005": {Fixture: "LY005", Checked: witnessed, Absent: []string{"w:forms", "w:office", "w:office:forms"}, Listed: []string{"w:hello"},
		Shows: "skills/office/forms/SKILL.md registers no skill under any name."},
	"LY022": {Fixture: "LY022", Checked: witnessed, Absent: []string{"w:pdf"}, Listed: []string{"w:forms"},
		Shows: "skills/SKILL.md registers the skill \"w:forms\", and skills/pdf/SKILL.md below it registers nothing."},
	"LY013": {Fixture: "LY013", Checked: witnessed, Absent: []string{"w:gone"}, Listed: []string{"w:hello"},
		Shows: "the dangling agents/gone.md registers no agent (2.1.330 registers no symlinked command or agent file, even one pointing inside the plugin: docs/cli-names.md)."},
	"FM002": {Fixture: "FM002", Checked: witnessed, Absent: []string{"w:rev"}, Listed: []string{"w:reviewer"},
		Shows: "an agent whose frontmatter is never closed registers under its file name, \"w:reviewer\", not its name \"w:rev\"."},
	"FM003": {Fixture: "FM003", Checked: witnessed, Absent: []string{"w:rev"}, Listed: []string{"w:reviewer"},
		Shows: "an agent whose frontmatter follows a blank line registers under its file name, \"w:reviewer\", not its name \"w:rev\"."},
	"FM004": {Fixture: "FM004", Checked: witnessed, Absent: []string{"w:rev"}, Listed: []string{"w:reviewer"}, Problem: "Failed to parse YAML frontmatter",
		Shows: "an agent whose frontmatter does not parse registers under its file name, \"w:reviewer\", not its name \"w:rev\", and the CLI logs the parse error."},
	"FM006": {Fixture: "FM006", Checked: witnessed, Absent: []string{"w:rev"}, Listed: []string{"w:reviewer"},
		Shows: "an agent whose frontmatter is a list registers under its file name, \"w:reviewer\", not \"w:rev\"."},
	"LY020": {Fixture: "LY020", Checked: witnessed, Absent: []string{"w:rev"}, Listed: []string{"w:reviewer"},
		Shows: "an agent file in UTF-16 registers under its file name, \"w:reviewer\": its frontmatter name \"w:rev\" is not read."},
	"XR009": {Fixture: "XR009", Checked: witnessed, Absent: []string{"w:first", "w:second"}, Listed: []string{"w:rev"},
		Shows: "two agent files named \"rev\" register one agent, \"w:rev\": one of the two is lost."},

	// SessionStart hooks, run before the init message (the fixture's own).
	"SC003": {Fixture: "SC003", Checked: witnessed, NoHook: true,
		Shows: "a SessionStart hook of \"type\": \"shell\" never runs."},
	"HK001": {Fixture: "HK001", Checked: witnessed, NoHook: true,
		Shows: "a hook under the event \"SessionBegin\" never runs."},
	"HK002": {Fixture: "HK002", Checked: witnessed, NoHook: true,
		Shows: "a SessionStart hook outside the \"hooks\" object never runs."},
	"HK005": {Fixture: "HK005", Checked: witnessed, NoHook: true,
		Shows: "a SessionStart hook with the matcher \"startup(\" never runs."},
	"HK007": {Fixture: "HK007", Checked: witnessed, HookError: "hooks/missing.sh: not found",
		Shows: "the SessionStart hook fails with exit code 127: the script it runs is not there."},
	"HK008": {Fixture: "HK008", Checked: witnessed, HookError: "hooks/greet.sh: Permission denied",
		Shows: "the SessionStart hook fails with exit code 126: its script is not executable."},
	"HK010": {Fixture: "HK010", Checked: witnessed, HookError: "hooks/greet.sh: not found",
		Shows: "the SessionStart hook fails with exit code 127: the script's first line names the interpreter \"/bin/sh\\r\", which does not exist."},
	"HK011": {Fixture: "HK011", Checked: witnessed, HookError: `Syntax error: "fi" unexpected`,
		Shows: "the SessionStart hook fails with exit code 2 on its script's syntax error."},
	"HK015": {Fixture: "HK015", Checked: witnessed, HookError: "cannot be empty",
		Shows: "the SessionStart hook with an empty command fails (\"Failed to run: The argument 'file' cannot be empty\")."},
	"HK016": {Fixture: "HK016", Checked: witnessed, HookError: "hooks/greet.sh: not found",
		Shows: "the SessionStart hook fails with exit code 127: \"hooks/greet.sh\" is looked for in the user's project."},
	"HK018": {Fixture: "HK018", Checked: witnessed, HookError: "/hooks/greet.sh: not found",
		Shows: "the SessionStart hook fails with exit code 127: ${CLAUDE_PLUGIN_DIR} expands to nothing."},
	"HK019": {Fixture: "HK019", Checked: witnessed, HookError: "Syntax error",
		Shows: "the SessionStart hook fails with exit code 2: its command is not valid shell."},

	// Marketplaces, added and installed from a local directory.
	"SC002": {Fixture: "SC002", Marketplace: true, Checked: witnessed, Refused: true, Problem: "owner: Invalid input: expected object",
		Shows: "a marketplace.json whose owner is a string is refused by \"marketplace add\"."},
	"MK001": {Fixture: "MK001", Marketplace: true, Checked: witnessed, Refused: true, Problem: "Marketplace name cannot contain spaces",
		Shows: "the marketplace \"My Market\" is refused by \"marketplace add\"."},
	"MK002": {Fixture: "MK002", Marketplace: true, Checked: witnessed, Refused: true, Problem: "Marketplace name impersonates an official",
		Shows: "the marketplace \"official-claude-plugins\" is refused by \"marketplace add\"."},
	"MK007": {Fixture: "MK007", Marketplace: true, Checked: witnessed, Absent: []string{"greeter"}, Problem: "marketplace entry is invalid",
		Shows: "the entry with the bare source \"greeter\" is refused by \"plugin install\"."},
	"MK008": {Fixture: "MK008", Marketplace: true, Checked: witnessed, Absent: []string{"greeter"}, Problem: "Source path does not exist",
		Shows: "the entry whose source \"./nowhere\" is missing is refused by \"plugin install\"."},
	"MK011": {Fixture: "MK011", Marketplace: true, Checked: witnessed, Absent: []string{"My Greeter"}, Problem: "not found in marketplace",
		Shows: "the entry \"My Greeter\" cannot be installed: \"plugin install\" finds no such plugin."},

	// What the listing cannot show.
	"SC005": {Pending: "an LSP start: the listing does not show language servers."},
	"SC006": {Pending: "a model run: 2.1.330 registers an agent with a mistyped field (tools: 42) all the same, and `claude plugin validate` passes it; what the field does to the subagent's request is for generator/harness to show."},
	"SC007": {Pending: "a model run: 2.1.330 registers the command all the same; `claude plugin validate` refuses the field (\"allowed-tools must be a string or array of strings\")."},
	"SC008": {Pending: "a model run: 2.1.330 registers the skill all the same; `claude plugin validate` refuses the field (\"name must be a string\")."},
	"SC011": {Unwitnessable: "not on 2.1.330: it loads plugin.json with a byte order mark and lists the plugin, and `claude plugin validate` passes it (the directory checks note MANIFEST_INVALID_JSON); the rule's error rests on older releases (2.1.197) and on the directory's refusal."},
	"CP004": {Pending: modelRun},
	"CP009": {Pending: "a model run: the listing leaves the skill out of the slash commands, but only the model's request shows it is hidden from the model too."},
	"LY017": {Unwitnessable: "here: the collision needs a case-insensitive file system (macOS, Windows); on Linux 2.1.330 lists both files."},
	"LY018": {Pending: "a fixture git cannot store (a file of mode 000), made by a setup step before the run."},
	"MF003": {Run: "MF003", Checked: witnessed,
		Shows: "the plugin named \"claude-helper\" loads, but `claude plugin validate` refuses the name as reserved."},
	"MF008": {Run: "MF008", Checked: witnessed,
		Shows: "the plugin loads, but `claude plugin validate` refuses the URL (\"Invalid URL\")."},
	"MF010": {Run: "MF010", Checked: witnessed,
		Shows: "the plugin loads and the range is ignored; `claude plugin validate` refuses it (\"Must be a version range\")."},
	"MF015": {Pending: "a validator witness: 2.1.330 loads a directory with commands/ and no plugin.json through --plugin-dir, under the directory's name, and installs one from a local marketplace entry with \"strict\": false; only `claude plugin validate` refuses it (\"No manifest found\")."},
	"MF017": {Pending: modelRun},
	"MK006": {Pending: "a run that tells the two entries apart: 2.1.330 adds the marketplace and installs \"greeter\" from the first of two entries with that name without a word."},
	"MK012": {Pending: "a validator witness: 2.1.330 adds a local marketplace with an entry named \"claude-code-x\" and installs it; only `claude plugin validate` refuses the name."},
	"HK014": {Pending: hookRun},
	"MC001": {Pending: mcpRun}, "MC003": {Run: "MC003", Checked: witnessed,
		Shows: "the MCP server whose program the plugin does not ship ends \"failed\", and its tools never appear."},
	"XR001": {Run: "XR001", Checked: witnessed,
		Shows: "the command's spawn of \"witness:reviwer\" is answered \"Agent type 'witness:reviwer' not found\", so the review never runs."},
	"XR002": {Run: "XR002", Checked: witnessed,
		Shows: "the spawn of the plugin's agent by its bare name \"reviewer\" is answered \"Agent type 'reviewer' not found\"; the Agent tool lists it only as \"witness:reviewer\"."},
	"XR003": {Run: "XR003", Checked: witnessed,
		Shows: "the command's step \"Follow the /witness:checklist skill\" is answered \"Unknown skill: witness:checklist\"."},
	"XR006": {Pending: modelRun}, "XR010": {Run: "XR010", Checked: witnessed,
		Shows: "Claude Code expands ${CLAUDE_PLUGIN_ROOT} in the command, and reading the file it names answers \"File does not exist.\""}, "CT006": {Pending: modelRun},
	"DP015": {Run: "DP015", Checked: witnessed,
		Shows: "an Agent call with resume: is accepted and starts a new agent that has never seen round 1: the reviewer is not continued."}, "DP017": {Pending: modelRun},
	"SE001": {Unwitnessable: risk}, "SE002": {Unwitnessable: risk}, "SE003": {Unwitnessable: risk},
	"SE004": {Unwitnessable: risk}, "SE005": {Unwitnessable: risk}, "SE006": {Unwitnessable: risk},
}
