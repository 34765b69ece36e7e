package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// xrefAsideRules report, as warnings, the defects XR003 and XR006 find in
// text the model reads past (facts.ReadingAt) when nothing is missing but
// the name or path: a stale name for a shipped skill in a "See also" list
// or a table of alternatives, a link into a renamed folder in a closing
// "References" list, a provenance pointer. They are real, so they stay
// visible; nothing fails because of them, so they are not errors.
func xrefAsideRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "XR011", Alias: "component-reference-unknown-aside", Family: famXRef, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: `"<plugin>:<name>" naming nothing the plugin ships, in text the model reads past`,
			Doc: lint.Doc{Why: `The names component-reference-unknown (XR003) would report, where the text does not
send the model to them (facts.ReadingAt) and nothing is missing but the name: a provenance line
("Adapted from …"), or a "See also", "Related skills" or closing "References" list or a table of
alternatives ("| Use this skill when… | Use X instead when… |") naming a component the plugin
ships under another name (facts.NearComponent: "/git:commit" for the skill that registers as
"git:git-commit"). Also the names the text shows rather than calls (facts.ReferenceOf's
mentions): a heading ("## /my-plugin:old-name"), a usage line, and a note about what calls
the component ("invoked by X", "Use this skill when X needs …": its caller, not a step; nothing
dispatches it from here; "called automatically by X", an agent's "Returns to: X"). A near
spelling of the file's own component (facts.OwnNearMention: "/my-plugin:make-plan" in
commands/make_plan.md, which registers as my-plugin:make_plan) opening a line of a code block
(its usage line and examples, as the user types them) or beside "(this command)" is shown, not
called; "then run /my-plugin:make-plan again" calls it and stays with XR003 (2.1.330 does not
run a near name: typed, the CLI asks the user whether they meant the registered one; through the
Skill tool it answers "Unknown skill: … Did you mean …?"). A pointer in the forms
facts.LinkSending judges for links ("**See also**: X", "if you need X, see Y") naming a
component the plugin ships under another name is here too. A related skill the plugin does not ship at all stays with XR003, as
does a line that tells the model to read, load, open, follow or run the thing. The name is still stale,
and a reader who types it finds nothing; the model does not act on it, so this is a warning.`,
				Bad:         "## See also\n- /my-plugin:reveiw — the review step",
				Good:        "## See also\n- /my-plugin:review — the review step",
				Checked:     "2.1.330",
				Consequence: "A reader following the name finds nothing; the model does not act on it."},
			Requires: []lint.Analyzer{facts.QualifiedRefs, facts.Examples, facts.ToldToRead, facts.SchemaIssues},
			Check: func(pass *lint.Pass) {
				unknownRefs(pass, func(at snapshot.Loc, name string, aside bool) {
					if aside {
						pass.Reportf(at, "fix the name or drop the entry",
							"%q names no command, skill or agent of plugin %q (in text the model reads past)", name, pass.Plugin.Components().Plugin)
					}
				})
			},
		},
		{
			ID: "XR012", Alias: "link-broken-aside", Family: famXRef, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "relative markdown link to a file that does not exist, where the model does not follow it",
			Doc: lint.Doc{Why: `The links link-broken (XR006) would report, where the model is not sent to
the target to do its task (facts.LinkSending): an optional pointer ("for more on X, see …",
"if you X, see …", "see also …", "(see …)", "(if exists)", 详见), a "See also", "Related …", "Cross-references" or "References"
list (a related skill never shipped included), a citation ("as defined in …"), a heading's
label, an image, a destination without a file extension (a site's page slug, a placeholder
word), any dead link of a page copied from a documentation site (facts.MirroredPage), a
provenance line ("Adapted from [core.ts](../../core.ts)"), out of the plugin in text the model
reads past; a table row of alternatives or a "Reference: …" line whose target the plugin ships
under a near path (facts.NearTarget: "reference/syntax.md" for references/syntax.md); or a
link with a wrong destination whose target the model still reaches by what the link names
(facts.LinkMeant: a text that is a shipped file's path or a shipped component's name, a path
written from the plugin's root, or a link out of the plugin to the folder of the skill its text
names); the message then says which file it meant. A line that tells the model to read, load, open, follow, consult or
use the file, or a step of a procedure, stays with XR006. The file is still missing and a
reader following the link finds nothing; the model's task does not depend on it.`,
				Bad:         "For more on tone, see [voice.md](voice.md).",
				Good:        "For more on tone, see [voice.md](references/voice.md).",
				Checked:     "2.1.330",
				Consequence: "A reader following the link finds nothing; the model is not sent there."},
			Requires: []lint.Analyzer{facts.Examples, facts.ToldToRead},
			Check: func(pass *lint.Pass) {
				brokenLinks(pass, func(l snapshot.Link, target string, aside bool, meant string) {
					switch {
					case strings.HasPrefix(meant, "skill "):
						pass.Reportf(pass.File.At(l.Offset), "name the skill without a link, or drop the link",
							"link %q leaves the plugin; its text names the %s, which the model loads by name", l.Dest, meant)
					case meant != "" && target == "..":
						pass.Reportf(pass.File.At(l.Offset), "point the link at "+meant,
							"link %q leaves the plugin; it means %q, which the plugin ships", l.Dest, meant)
					case meant != "":
						pass.Reportf(pass.File.At(l.Offset), "point the link at "+meant,
							"link %q points at %q, which does not exist; it means %q, which the plugin ships", l.Dest, target, meant)
					case aside && target == "..":
						pass.Reportf(pass.File.At(l.Offset), "copy the file into the plugin and link the copy, or drop the link",
							"link %q leaves the plugin (the model is not sent there)", l.Dest)
					case aside:
						pass.Reportf(pass.File.At(l.Offset), "fix the link or drop it",
							"link %q points at %q, which does not exist (the model is not sent there)", l.Dest, target)
					}
				})
			},
		},
	}
}

// linkAside reports whether a dead link l to target is one the model is
// not sent to (facts.LinkSending), or follows to the file anyway: a row
// of a table of alternatives or a "Reference: …" line whose target the
// plugin ships under a near path (facts.NearTarget). A link whose text
// names what the plugin ships is brokenLinks' (facts.LinkMeant).
func linkAside(pass *lint.Pass, l snapshot.Link, target string) bool {
	f := pass.File
	switch facts.LinkSending(f, l) {
	case facts.Pointer:
		return true
	case facts.Routed:
		if facts.NearTarget(pass.Plugin, target) {
			return true
		}
	}
	return false
}
