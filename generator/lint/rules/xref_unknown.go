package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// The "<plugin>:<name>" references that name nothing, shared by
// component-reference-unknown (XR003) and its aside (XR011).

// unknownRefs calls report for each "<plugin>:<name>" of this plugin in
// pass.File that names none of its components and that the text gives as
// a name (see XR003's Doc), with aside set where the model reads past it
// (facts.ReadingAt). Names in a history note or in text about another
// coding agent are not this plugin's references and are left out. A
// command's own frontmatter name is never aside.
func unknownRefs(pass *lint.Pass, report func(at snapshot.Loc, name string, aside bool)) {
	c := pass.Plugin.Components()
	f := pass.File
	if !facts.ToldToRead.Of(pass)[f] {
		return // a document nothing sends the model to
	}
	ex := facts.Examples.Of(pass, f)
	for _, r := range facts.QualifiedRefs.Of(pass, f) {
		if r.Prefix != c.Plugin || componentExists(c, r.Name) {
			continue
		}
		name := r.Prefix + ":" + r.Name
		if at := f.At(r.Off); ownCommandName(f, at.Line) {
			report(at, name, false)
			continue
		}
		// In a code block only a slash command is a reference;
		// "data:customer:name" there is code (a Snowflake path).
		if ex.In(r.Off) && !facts.SlashCommandAt(f.Data, r.Off) {
			continue
		}
		kind := facts.ReferenceOf(f, ex, r.Off, r.Off+len(name))
		if kind != facts.NameLiteral && kind != facts.NameMention || facts.Planned(f, r.Off) {
			continue
		}
		if facts.OwnMode(c, f, r.Name) || facts.InIgnoredKey(pass, f, r.Off) {
			continue // its own usage notes, or a frontmatter key the model never sees
		}
		reading := facts.ReadingAt(f, r.Off)
		switch {
		case reading == facts.History, reading == facts.OtherTool, reading == facts.Quoted:
			continue // what a skill replaced, another agent's command, a pattern to find
		case kind == facts.NameMention, reading == facts.Provenance, facts.OwnNearMention(c, f, ex, r.Off, r.Off+len(name), r.Name):
			// a heading, a usage line, the component's caller, a source:
			// shown, not called
			report(f.At(r.Off), name, true)
		case reading == facts.Aside:
			// harmless only when the component is shipped under its new name
			report(f.At(r.Off), name, facts.NearComponent(c, r.Name))
		case facts.SendingAt(f, r.Off) == facts.Pointer:
			// "**See also**: X", "If you need X, see Y", a "Related" list:
			// a pointer, as facts.LinkSending judges links
			report(f.At(r.Off), name, facts.NearComponent(c, r.Name))
		default:
			report(f.At(r.Off), name, false)
		}
	}
}

// ownCommandName reports whether line holds the frontmatter name of the
// command file f.
func ownCommandName(f *snapshot.File, line int) bool {
	_, v := f.Frontmatter().Get("name")
	return f.Kind == snapshot.KindCommand && v != nil && v.Line == line
}

// reportOwnCommandName explains a command whose frontmatter name carries
// the plugin prefix its path does not give it: "name: flow:work" in
// commands/flow/work.md of plugin flow is read inside the path's namespace,
// and the CLI registers "flow:flow:work" (2.1.330 and 2.1.332 alike).
func reportOwnCommandName(pass *lint.Pass, c *snapshot.Components, at snapshot.Loc, written string) {
	name := c.NameOf(pass.File)
	full := "/" + c.Plugin + ":" + name
	ns := name[:strings.LastIndexByte(name, ':')+1]
	if ns == "" {
		pass.Reportf(at, "call it "+full+", or rename the file",
			"this command registers as %q, not %q: Claude Code names it by its path", full, "/"+written)
		return
	}
	pass.Reportf(at, "move the file to the commands folder's top level, or call it "+full,
		"this command registers as %q, not %q: its folder adds the namespace %q after the plugin's, and its name: line does not take it out",
		full, "/"+written, ns)
}
