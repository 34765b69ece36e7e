package rules

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// layoutFileRules check the files themselves: symlinks, strays, case
// collisions, unreadable, oversized and wrongly encoded files.
func layoutFileRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "LY013", Alias: "symlink-escapes", Family: famLayout, Severity: lint.Error,
			Title: "symlink that dangles or points outside the plugin",
			Doc: lint.Doc{Why: `Installing a plugin copies its directory; a symlink to something outside it (or
to nothing) arrives broken on every user's machine, and one that points at the author's home
directory can leak files into the package. A link to a file elsewhere in the repository of a
marketplace that lists the plugin is not reported: installing from that marketplace clones the
repository and copies the link's target into the plugin's cache as a file (seen with 2.1.330,
"marketplace add" and "plugin install", on held-out set D).`,
				Bad:         "agents/reviewer.md -> /home/me/agents/reviewer.md",
				Good:        "agents/reviewer.md (a regular file)",
				Checked:     "2.1.328",
				Consequence: "The linked file is missing once installed: whatever names it fails."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					if !f.IsSymlink() || facts.UnreadDoc(pass.Plugin, f.Path) {
						continue // a LICENSE nothing reads: symlink-escapes-unread
					}
					switch {
					case f.LinkAbs == "":
						pass.Reportf(f.Whole(), "point the link at a file inside the plugin, or replace it with a copy",
							"symlink %q points at %q, which does not exist", f.Path, f.Link)
					case !pass.Plugin.Carries(f.LinkAbs):
						pass.Reportf(f.Whole(), "replace the link with a copy of its target",
							"symlink %q points outside the plugin, at %q", f.Path, f.Link)
					}
				}
			},
		},
		{
			ID: "LY014", Alias: "symlinked-component-dir", Family: famLayout, Severity: lint.Warning,
			Title: "component directory that is a symlink",
			Doc: lint.Doc{Why: `"claude plugin validate" does not follow symlinked component directories and
checks nothing inside them; whether an install keeps the link depends on how the plugin is
copied. Ship real directories.`,
				Bad:         "commands -> ../shared/commands",
				Good:        "commands/ (a directory)",
				Checked:     "2.1.328",
				Consequence: "The validator reads nothing in it and installs may not follow it; a likely problem."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					top := f.Path == "commands" || f.Path == "agents" || f.Path == "skills" || f.Path == "hooks"
					if f.IsSymlink() && (top || path.Dir(f.Path) == "skills") {
						pass.Reportf(f.Whole(), "replace the symlink with the directory itself",
							"component directory %q is a symlink", f.Path)
					}
				}
			},
		},
		{
			ID: "LY015", Alias: "stray-component-file", Family: famLayout, Severity: lint.Warning,
			Title: "file in commands/ or agents/ that Claude Code does not load",
			Doc: lint.Doc{Why: `Only .md files in commands/ and agents/ become commands and agents. Other files
there (a .txt prompt, a .yaml, a misspelt .markdown) are ignored.`,
				Bad:         "commands/review.txt",
				Good:        "commands/review.md",
				Checked:     "2.1.328",
				Consequence: "Claude Code does not load the file; a likely leftover."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					dir := strings.SplitN(f.Path, "/", 2)[0]
					if !f.IsRegular() || f.Kind != snapshot.KindOther || (dir != "commands" && dir != "agents") ||
						strings.HasPrefix(f.Base(), ".") || !strings.Contains(f.Path, "/") {
						continue
					}
					pass.Reportf(f.Whole(), "rename it to .md if it is a component, or move it elsewhere",
						"%q is not a .md file; Claude Code does not load it as one of the %s", f.Path, dir)
				}
			},
		},
		{
			ID: "LY016", Alias: "os-metadata-file", Family: famLayout, Severity: lint.Warning,
			Title: "operating-system metadata file shipped with the plugin",
			Doc: lint.Doc{Why: `.DS_Store, Thumbs.db, desktop.ini and __MACOSX/ are file-manager droppings; they
leak directory listings and the plugin directory flags them.`,
				Bad:         "skills/pdf/.DS_Store",
				Good:        "(nothing)",
				Checked:     "2.1.328",
				Consequence: "The file ships to every user for nothing; the plugin directory warns."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					switch f.Base() {
					case ".DS_Store", "Thumbs.db", "desktop.ini", "__MACOSX":
						pass.Reportf(f.Whole(), "delete it and add it to .gitignore", "%q is operating-system metadata", f.Path)
					}
				}
			},
		},
		{
			ID: "LY017", Alias: "case-collision", Family: famLayout, Severity: lint.Error,
			Title: "two paths that differ only in letter case",
			Doc: lint.Doc{Why: `macOS and Windows file systems are case-insensitive: of commands/Review.md and
commands/review.md only one survives a checkout or install there.`,
				Bad:         "commands/Review.md\ncommands/review.md",
				Good:        "commands/review.md",
				Checked:     "2.1.328",
				Consequence: "On macOS and Windows only one of the two survives a checkout or install: a component disappears."},
			Check: func(pass *lint.Pass) {
				seen := map[string]string{}
				for _, f := range pass.Plugin.Files {
					k := strings.ToLower(f.Path)
					if prev, ok := seen[k]; ok {
						pass.Reportf(f.Whole(), "rename one of them", "%q and %q differ only in letter case", prev, f.Path)
						continue
					}
					seen[k] = f.Path
				}
			},
		},
		{
			ID: "LY018", Alias: "file-unreadable", Family: famLayout, Severity: lint.Error,
			Title: "file or directory that cannot be read",
			Doc: lint.Doc{Why: `A file Claude Code cannot read (permissions, I/O error) fails the component or the
whole plugin at load time.`,
				Bad:         "-r-------- root commands/review.md",
				Good:        "-rw-r--r-- commands/review.md",
				Checked:     "2.1.328",
				Consequence: "Claude Code cannot read it either: whatever it is, it fails."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					if f.ReadErr != nil {
						pass.Reportf(f.Whole(), "fix the file's permissions", "%q cannot be read: %s", f.Path, f.ReadErr)
					}
				}
			},
		},
		{
			ID: "LY019", Alias: "file-too-large", Family: famLayout, Severity: lint.Warning,
			Title: "file larger than the linter reads",
			Doc: lint.Doc{Why: `Files above 8 MiB are not read by plugforge (and are unusual in a plugin: every
install downloads them). Nothing in them is checked.`,
				Bad:         "assets/model.bin (300 MB)",
				Good:        "(download large assets on first use)",
				Checked:     "2.1.328",
				Consequence: "The linter did not check it; a likely accident."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					if f.TooLarge {
						pass.Reportf(f.Whole(), "shrink the file or fetch it at run time",
							"%q is %d bytes, over the %d-byte limit; it was not checked", f.Path, f.Size, snapshot.DefaultMaxFileSize)
					}
				}
			},
		},
		{
			ID: "LY020", Alias: "file-encoding", Family: famLayout, Severity: lint.Error, Scope: lint.Loaded,
			Kinds: append(append([]snapshot.Kind{}, markdownKinds...), jsonKinds...),
			Title: "markdown or JSON file that is not UTF-8 text",
			Doc: lint.Doc{Why: `Claude Code reads components and manifests as UTF-8. Invalid byte sequences turn
into replacement characters in prompts; NUL bytes mark a binary file saved under a text name.`,
				Bad:         "commands/review.md saved as Latin-1 (caf\\xe9)",
				Good:        "commands/review.md saved as UTF-8 (café)",
				Checked:     "2.1.328",
				Consequence: "Claude Code decodes it as UTF-8, so the text the model reads is not the text written."},
			Check: func(pass *lint.Pass) {
				d := pass.File.Data
				if i := bytes.IndexByte(d, 0); i >= 0 {
					pass.Reportf(pass.File.At(i), "save the file as UTF-8 text", "%q contains a NUL byte", pass.File.Path)
					return
				}
				if !utf8.Valid(d) {
					i := 0
					for i < len(d) {
						r, n := utf8.DecodeRune(d[i:])
						if r == utf8.RuneError && n <= 1 {
							break
						}
						i += n
					}
					pass.Reportf(pass.File.At(i), "save the file as UTF-8", "%q is not valid UTF-8", pass.File.Path)
				}
			},
		},
		{
			ID: "LY021", Alias: "component-folder-shadowed", Family: famLayout, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "commands/, agents/, output-styles/ or workflows/ that a plugin.json field keeps from loading",
			Doc: lint.Doc{Why: `For commands, agents, outputStyles and workflows a plugin.json path replaces the default
folder rather than adding to it (skills add): with "commands": "./cmds", commands/ is not loaded
at all, and "agents": [] loads no agent. Claude Code 2.1.330 only logs "folder exists but is not auto-loaded because the manifest
sets ..."; "claude plugin validate" says nothing and lists only the declared commands. List the
default folder too if it is meant to load.`,
				Bad:         `{"commands": "./cmds"}   # beside commands/review.md`,
				Good:        `{"commands": ["./cmds", "./commands"]}`,
				Checked:     "2.1.330",
				Consequence: "The files in the default folder are not loaded; usually a mistake, sometimes a folder kept on purpose, so a warning."},
			Check: func(pass *lint.Pass) {
				m := pass.Plugin.ManifestValue()
				for _, c := range shadowable {
					declared := snapshot.Declared(m, c.key)
					// An empty list loads none (2.1.330, recorded for commands
					// and agents: testdata/names/empty-lists in snapshot).
					none := snapshot.DeclaresNone(m, c.key) && (c.key == "commands" || c.key == "agents")
					if len(declared) == 0 && !none || !hasFileIn(pass.Plugin, c.dir, c.ext) {
						continue
					}
					if none {
						pass.Reportf(keyLoc(pass.File, "/"+c.key), `remove "`+c.key+`": [] to load `+c.dir+`/, or list "./`+c.dir+`"`,
							"%s/ is not loaded because plugin.json sets %q to an empty list", c.dir, c.key)
						continue
					}
					covered, exists := false, false
					for _, d := range declared {
						rel := strings.TrimSuffix(strings.TrimPrefix(path.Clean(d), "./"), "/")
						covered = covered || rel == c.dir || strings.HasPrefix(rel, c.dir+"/")
						exists = exists || pass.Plugin.Has(rel)
					}
					// With no declared path that exists, the layout rules
					// (component-path-missing, -escapes) already explain.
					if !covered && exists {
						pass.Reportf(keyLoc(pass.File, "/"+c.key), `list "./`+c.dir+`" in `+c.key+` too, or move its files`,
							"%s/ is not loaded because plugin.json sets %q", c.dir, c.key)
					}
				}
			},
		},
	}
}

// shadowable are the default component folders a plugin.json field
// replaces (2.1.330: commands, agents, outputStyles, workflows).
var shadowable = []struct{ key, dir, ext string }{
	{"commands", "commands", ".md"}, {"agents", "agents", ".md"},
	{"outputStyles", "output-styles", ".md"}, {"workflows", "workflows", ".js"},
}

// hasFileIn reports whether dir holds a regular file ending in ext.
func hasFileIn(p *snapshot.Plugin, dir, ext string) bool {
	for _, f := range p.Files {
		if f.IsRegular() && strings.HasPrefix(f.Path, dir+"/") && strings.HasSuffix(f.Path, ext) {
			return true
		}
	}
	return false
}
