package rules

import (
	"net/url"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// xrefFileRules check references to files: markdown links, their anchors, and
// ${CLAUDE_PLUGIN_ROOT} paths in prompts.
func xrefFileRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "XR006", Alias: "link-broken", Family: famXRef, Severity: lint.Error, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "relative markdown link to a file that does not exist",
			Doc: lint.Doc{Why: `Skills and commands link reference files ("see [the guide](reference/guide.md)");
Claude follows the link by reading the file. A link to a missing file, or out of the plugin,
sends it to nothing. Inside a skill, a link that resolves against the skill's own directory is
not reported: 2.1.330 tells the model "Base directory for this skill: …" when the skill loads,
and the model resolves such paths from there. Not reported either: links in an example as the
author meant it (facts.Examples: a fence, one CommonMark split or an HTML block swallowed), in
a document nothing tells the model to read (facts.ToldToRead: a dead "see also" in a file no
loaded text names), placeholders for an address the model fills in ("[Title](url)"), in a
document the model fills in and writes out (facts.OutputDocument: a
skill's assets/ or templates/), in a document for the plugin's contributors rather than the model
(facts.ForContributors: LICENSE, CONTRIBUTING.md, CODE_OF_CONDUCT.md, SECURITY.md outside any
skill), links to the user's project (facts.PathRoleAt:
.github/…, "in your repository"; facts.UserFileLinks: the object of an instruction to create or
edit the file, "Create [convex/schema.ts](convex/schema.ts):", "Add these scripts to your
[package.json](package.json)", or a target under a top folder the plugin does not ship and the
text treats as the user's, by such an instruction or a code sample headed "// tests/app.test.ts"), and to a file the user makes (facts.LocalFile: a config whose
template the plugin ships, a dotenv or *.local.* config, a state file a .gitignore of the plugin or
its repository leaves out). Nor are two things that
only look like links (facts.NotLink, facts.WebPageLink): array notation before a parenthetical
("boost[](brand + topic)" parses as a link without text), and, in a document pasted from a
documentation site (it has root-relative links such as "/docs/x"), extensionless relative links
to the site's sibling pages ("./prompts"). Nor is a link to a document a roadmap says is still to
be written (facts.Planned: under "## Roadmap", or "(planned)" on its line). A dead link is
an error only where the model is sent to it (facts.LinkSending): a step or an instruction to
read, load, open, follow, consult or use the file ("use the template at …"). A dead link the
model is not sent to is link-broken-aside (XR012), a warning: an optional pointer ("for more on
X, see …", its conditional form "if you X, see …", "see also …" even across a line break,
"(see …)", "(if exists)", 详见), a "See also", "Related …", "Cross-references" or
"References" list, a closing list or table whose every item is headed by a link or a label, in
any language, led in by a heading or a line ending in a colon, with no send word in it and no
link sent along after it, or a "**Label:** value" footer after the last thematic break (a
pointer list by its shape), a file:line citation ("[a.go:42](src/a.go#L42)": how to cite a
place, as an output format shows it), a citation ("as defined in …"), a heading's label, an image, a destination
without a file extension (a web page's slug or a placeholder word), any dead link of a page
copied from a documentation site (facts.MirroredPage), a provenance line, a table row or
"Reference: …" line whose target the plugin ships under a near path (facts.NearTarget), or a
link whose target the model still reaches by what the link names (facts.LinkMeant): its text
is the path of a shipped file, or the name of a shipped skill, agent or command and its
destination that component's place ("[forms](skills/forms/SKILL.md)" written inside another
skill), its destination read from the plugin's root is a shipped file, or it leaves the plugin
for the folder of the skill its text names ("the [x skill](../../other/skills/x/)"): the
model loads components by name; or, in a reference file, its file name ships in the same folder
under one prefixed name ("./TYPE-SYSTEM.md" where "INT-TYPE-SYSTEM.md" ships): pages merged
into one folder and renamed. The warning says which file it meant. A conditional step that
says read, load or use ("if the form is empty, read [x]") and "See [x] for the detailed
steps" stay here: the steps may be the task.`,
				Bad:         "[guide](refrence/guide.md)",
				Good:        "[guide](reference/guide.md)",
				Checked:     "2.1.328",
				Consequence: "The model follows the link to nothing: the read fails."},
			Requires: []lint.Analyzer{facts.Examples, facts.ToldToRead},
			Check: func(pass *lint.Pass) {
				brokenLinks(pass, func(l snapshot.Link, target string, aside bool, _ string) {
					switch {
					case aside:
						// link-broken-aside (XR012)
					case target == "..":
						pass.Reportf(pass.File.At(l.Offset), "copy the file into the plugin and link the copy", "link %q leaves the plugin", l.Dest)
					default:
						pass.Reportf(pass.File.At(l.Offset), "fix the link or add the file", "link %q points at %q, which does not exist", l.Dest, target)
					}
				})
			},
		},
		{
			ID: "XR007", Alias: "link-anchor-broken", Family: famXRef, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "markdown link to a heading anchor that does not exist",
			Doc: lint.Doc{Why: `"#section" links (to this file or another markdown file of the plugin) must match
a heading's GitHub-style anchor; a renamed heading leaves the link pointing nowhere.`,
				Bad:         "[setup](#instalation)\n## Installation",
				Good:        "[setup](#installation)\n## Installation",
				Checked:     "2.1.328",
				Consequence: "The link opens the file but not the section; a likely mistake."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				for _, l := range f.Markdown().Links() {
					target, frag, ok := localLink(f, l.Dest)
					if !ok || frag == "" || escapes(target) {
						continue
					}
					tf := f
					if target != "" {
						tf = pass.Plugin.File(target)
					}
					if tf == nil || !tf.Readable() || !strings.HasSuffix(tf.Path, ".md") {
						continue
					}
					if !hasAnchor(tf, frag) {
						pass.Reportf(f.At(l.Offset), "link to an existing heading", "link %q names no heading of %q", l.Dest, tf.Path)
					}
				}
			},
		},
		{
			ID: "XR010", Alias: "plugin-file-reference-missing", Family: famXRef, Severity: lint.Error, Scope: lint.Loaded, Kinds: componentKinds,
			Title: "${CLAUDE_PLUGIN_ROOT}/path in a prompt naming a file the plugin does not ship",
			Doc: lint.Doc{Why: `Commands and skills tell the model to run or read "${CLAUDE_PLUGIN_ROOT}/scripts/x.sh".
When the file is not shipped the instruction fails at the worst time: mid-task. In a command or
SKILL.md body an !` + "`cmd`" + ` runs when the component is invoked, even inside a code fence, and a
failing one aborts it (2.1.330 runs every !` + "`…`" + ` and ` + "```!" + ` block of the body; it does not skip
ordinary fences). An !` + "`cmd`" + ` whose last "||" falls back to echo (a presence check such as
"test -x … && echo ok || echo missing") cannot fail and is not reported. Other paths in a code block are examples, read rather than run, and only
component bodies are looked at: reference files a skill reads show example paths
("${CLAUDE_PLUGIN_ROOT}/scripts/your-script.sh") too. A path the text tells the model to create
(a backup, a new folder, the target of mkdir, cp or a redirect), one in the user's project, or
one whose presence the text grades ("` + "`x`" + ` exists", a rubric row or checklist item about the file)
is not one the plugin should ship (facts.PathRoleAt); nor is a file the user keeps on their own
machine (facts.LocalFile: the plugin ships its template, settings.example.toml for settings.toml;
it is a per-user config by name, a dotenv file or a *.local.* one; or a .gitignore leaves out
that config or state file: the plugin's own, or its repository's when the plugin sits in a
subfolder), nor one the text says is one of several places it looks or is read only if present
("checked in order: $PWD/.env, then ${CLAUDE_PLUGIN_ROOT}/.env": facts.LookedForAt), nor the
fallback of a stated choice whose preferred file is shipped ("read A if it exists, otherwise B":
facts.FallbackAt).`,
				Bad:         "Run `${CLAUDE_PLUGIN_ROOT}/scripts/chek.sh`.",
				Good:        "Run `${CLAUDE_PLUGIN_ROOT}/scripts/check.sh`.",
				Checked:     "2.1.330",
				Consequence: "The command or skill fails at run time: an !`cmd` naming the file aborts the invocation, and an instruction to run or read it fails mid-task."},
			Requires: []lint.Analyzer{facts.Injections, facts.Examples},
			Check: func(pass *lint.Pass) {
				f := pass.File
				ex, injs := facts.Examples.Of(pass, f), facts.Injections.Of(pass, f)
				for _, m := range rootRefRE.FindAllSubmatchIndex(f.Data, -1) {
					rel := strings.TrimRight(string(f.Data[m[2]:m[3]]), ".,;:")
					if rel == "" || strings.HasSuffix(rel, "/") && pass.Plugin.File(strings.TrimSuffix(rel, "/")) != nil {
						continue
					}
					if escapes(rel) || pass.Plugin.File(rel) != nil {
						continue
					}
					in, injected := facts.InjectionAt(injs, m[0])
					if !injected && (facts.PathRoleAt(f, m[0], m[1], rel) != facts.Shipped || facts.LocalFile(pass.Plugin, rel) ||
						facts.LookedForAt(f, m[0], m[1], rel)) {
						continue // a file the text tells the model to create, or the user's
					}
					if !injected && preferredShipped(pass.Plugin, f, m[0]) {
						continue // "read A if it exists, otherwise B", and A is shipped: B is never read
					}
					switch {
					case injected && in.Guarded(f.Data):
						// `test -x …/tool && echo ok || echo missing`: a check that cannot fail
					case injected:
						pass.Reportf(f.At(m[0]), "fix the path or ship the file",
							"%q names a file the plugin does not ship; the command around it runs whenever the %s is invoked", "${CLAUDE_PLUGIN_ROOT}/"+rel, f.Kind.Noun())
					case ex.In(m[0]):
						// an example in a code block, read rather than run
					default:
						pass.Reportf(f.At(m[0]), "fix the path or ship the file", "%q names a file the plugin does not ship", "${CLAUDE_PLUGIN_ROOT}/"+rel)
					}
				}
			},
		},
	}
}

// brokenLinks calls report for each relative link of pass.File to a file
// the plugin does not have, in a document the model is told to read and
// outside what XR006's Doc leaves out; target is ".." for a link that
// leaves the plugin (aside wherever the model reads past it), and aside says
// the model does not follow the link (linkAside).
func brokenLinks(pass *lint.Pass, report func(l snapshot.Link, target string, aside bool, meant string)) {
	f := pass.File
	if !facts.ToldToRead.Of(pass)[f] || facts.OutputDocument(pass.Plugin, f) || facts.ForContributors(pass.Plugin, f) {
		return // a document nothing sends the model to, one it writes out, or one for contributors
	}
	ex, users := facts.Examples.Of(pass, f), facts.UserFileLinks(pass.Plugin, f)
	for _, l := range f.Markdown().Links() {
		target, _, ok := localLink(f, l.Dest)
		if !ok || target == "" || ex.In(l.Offset) || facts.PlaceholderLink(l.Dest) ||
			facts.PathRoleAt(f, l.Offset, l.Offset, l.Dest) == facts.Project || users[l.Offset] ||
			facts.NotLink(f, l) || facts.WebPageLink(f, l.Dest) || facts.Planned(f, l.Offset) {
			continue
		}
		if escapes(target) {
			// Out of the plugin the file is never there once installed: in an
			// aside or a note it is a pointer to where the text came from.
			meant := facts.LinkMeant(pass.Plugin, f, l)
			report(l, "..", meant != "" || facts.ReadingAt(f, l.Offset) != facts.Acted || facts.LinkSending(f, l) == facts.Pointer, meant)
		} else if pass.Plugin.File(target) == nil && !inSkillRoot(pass.Plugin, f, l.Dest) && !facts.LocalFile(pass.Plugin, target) {
			// What the link names may still be at hand (facts.LinkMeant):
			// the model then reaches it, and the dead path is a warning.
			meant := facts.LinkMeant(pass.Plugin, f, l)
			report(l, target, meant != "" || linkAside(pass, l, target), meant)
		}
	}
}

// preferredShipped reports whether the path at off is the fallback of a
// stated choice (facts.FallbackAt) whose preferred file the plugin ships.
func preferredShipped(p *snapshot.Plugin, f *snapshot.File, off int) bool {
	s, e, ok := facts.FallbackAt(f, off)
	if !ok {
		return false
	}
	for _, m := range rootRefRE.FindAllSubmatchIndex(f.Data[s:e], -1) {
		if rel := strings.TrimRight(string(f.Data[s+m[2]:s+m[3]]), ".,;:"); rel != "" && p.File(rel) != nil {
			return true
		}
	}
	return false
}

var rootRefRE = lazyre.New(`\$\{CLAUDE_PLUGIN_ROOT\}/([A-Za-z0-9_./-]+)`)

// webAddressRE: a link destination that is a web address without its
// scheme ("www.example.com/docs", "example.org"): a reader and the model
// take it for the site, not for a file of the plugin.
var webAddressRE = lazyre.New(`^(?:www\.[a-z0-9-]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|app|co|gov|edu))(?:[/:?#]|$)`)

// localLink resolves a link destination to a plugin path and fragment; ok
// is false for URLs, absolute paths and templated destinations. A pure
// fragment yields target "".
func localLink(f *snapshot.File, dest string) (target, frag string, ok bool) {
	if dest == "" || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") ||
		strings.HasPrefix(dest, "/") || strings.ContainsAny(dest, "{}$<>") || strings.Contains(dest, ":") && !strings.HasPrefix(dest, "#") {
		return "", "", false
	}
	if webAddressRE.MatchString(dest) {
		return "", "", false // a web address written without https://
	}
	p, frag, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	if p == "" {
		return "", frag, true
	}
	joined := path.Join(f.Dir(), p)
	if joined == ".." || strings.HasPrefix(joined, "../") {
		return "..", frag, true
	}
	return joined, frag, true
}

func hasAnchor(f *snapshot.File, frag string) bool {
	want := strings.ToLower(frag)
	counts := map[string]int{}
	for _, h := range f.Markdown().Headings {
		slug := h.Slug
		if n := counts[h.Slug]; n > 0 {
			slug = h.Slug + "-" + itoa(n)
		}
		counts[h.Slug]++
		if slug == want {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// inSkillRoot reports whether dest, a relative link in f, names a file
// when read from the root of the skill f belongs to (the base directory
// Claude Code gives the model with the skill) rather than from f's own
// directory.
func inSkillRoot(p *snapshot.Plugin, f *snapshot.File, dest string) bool {
	d := p.SkillDirOf(f.Path)
	if d == "" || d == path.Dir(f.Path) {
		return false
	}
	clean := dest
	if i := strings.IndexAny(clean, "#?"); i >= 0 {
		clean = clean[:i]
	}
	if u, err := url.PathUnescape(clean); err == nil {
		clean = u
	}
	rel := path.Join(d, clean)
	return !strings.HasPrefix(rel, "../") && p.File(rel) != nil
}
