package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// layoutUnreadRules report what breaks once installed but nothing reads.
func layoutUnreadRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "LY023", Alias: "symlink-escapes-unread", Family: famLayout, Severity: lint.Warning,
			Title: "symlink out of the plugin at a file nothing reads",
			Doc: lint.Doc{Why: `Installing a plugin copies its directory, so a symlink that points outside it (often
a LICENSE linked to the repository's) arrives broken. Where the link is a licence, read-me,
changelog or the like at the plugin's root that no file of the plugin names, nothing is lost
that Claude Code or the model would use: it loads a plugin from its manifest, its component
folders and the files they name. Readers browsing the installed copy find the file broken,
so a warning; symlink-escapes (an error) keeps every other escaping or dangling link. As
there, a link into the repository of a marketplace that lists the plugin is not reported:
installing from it copies the target.`,
				Bad:         "LICENSE -> ../../LICENSE",
				Good:        "LICENSE (a copy of the repository's)",
				Checked:     "2.1.330",
				Consequence: "The file is broken in the installed copy, and nothing the plugin does reads it: a warning."},
			Check: func(pass *lint.Pass) {
				for _, f := range pass.Plugin.Files {
					if !f.IsSymlink() || !facts.UnreadDoc(pass.Plugin, f.Path) {
						continue
					}
					if f.LinkAbs == "" || !pass.Plugin.Carries(f.LinkAbs) { // as symlink-escapes judges
						pass.Reportf(f.Whole(), "replace the link with a copy of its target",
							"symlink %q points outside the plugin, at %q; the installed copy has it broken, though nothing reads it", f.Path, f.Link)
					}
				}
			},
		},
	}
}
