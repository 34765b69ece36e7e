// Package facts holds the analyses the lint rules share: typed facts about
// one file or one plugin, each computed at most once and read by every rule
// that declares it in Rule.Requires (see lint.FileAnalysis). They are what
// the rules know before judging anything:
//
//   - Dispatches and PluginDispatches: dispatch blocks (Task, Agent and
//     SendMessage tool calls), their prompts' sections, Required Artifacts
//     and JSON schemas, and the prose around them; Dialect, which dispatch
//     dialect a plugin speaks;
//   - DispatchSites: every place a file spawns or continues a subagent, in
//     any written form (blocks, lists, calls, tags, yaml-ish keys, prose),
//     with its kind (spawn, continue, or a message between agent-team
//     members), tool, form and named agent; NameKindOf, whether a value
//     written for an agent is a name, a variable or a placeholder;
//   - Shell: the bash parse of a script; Command, what a hook or an MCP
//     server runs, parsed once;
//   - Hooks: events, matcher groups and handlers of a hooks file or
//     plugin.json;
//   - SubagentRefs (the subagent_type values of DispatchSites) and
//     QualifiedRefs: cross-references between components;
//   - SchemaIssues: JSON Schema issues against schemas/;
//   - MCPServers, SkillLayout, Frontmatter (plain values);
//   - the judgements rules ask instead of re-deciding (issue 19): is this
//     an instruction or an example (Examples: fences as the author meant
//     them, HTML comments); is this a name, a variable or a placeholder
//     (NameOf, ReferenceOf: a bare one only where the text presents it
//     as a component); whose file is this path (PathRoleAt,
//     OutputDocument, PlaceholderLink), and is it one
//     the user keeps (LocalFile, LookedForAt); is the model
//     told to read this document (ToldToRead); is the model told to act
//     on this line, or does it read past it (ReadingAt: a step, an aside
//     list or table of alternatives, a provenance line, a history note, a
//     pattern quoted to be found, another coding agent's text), and is
//     what a stale name or dead link meant shipped under a near name
//     (NearComponent, NearTarget, LinkMeant: a link's text or root-relative
//     path still names what the plugin ships); is a dead link a step or a
//     pointer (LinkSending); is a near name of the file's own component
//     shown rather than called (OwnNearMention); does the text give a
//     fallback (OptionalAt); does the file say how a subagent's result
//     arrives (ResultArrival); is a command substitution's output only
//     quoted assignments, safe to eval (QuotingStep: printf %q, shlex.quote,
//     jq @sh on scalars, declare -p); how is a script run, by the kernel,
//     a shell or an interpreter that reads it (HowRun), and are its
//     arguments written in the plugin's own configuration (ArgsFromConfig);
//     is an invisible character shown and explained (DocumentedInvisible).
//
// Beside the analyses, the plumbing they and the rules share: Needles, the
// literals a pattern's matches must contain, declared at package level and
// found for every declaration at once, in one pass over each file (its
// needle index, generator/internal/needle), so that a regular expression
// runs only on the lines that can match and no rule scans a file for its
// own literals.
//
// Facts never report: judging is for generator/lint/rules. Like the rules
// they only read the snapshot; nothing here runs plugin code.
package facts
