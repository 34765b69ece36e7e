package rules

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// directoryRules are the plugin directory's submission checks (off by
// default).
func directoryRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DR001", Alias: "readme-missing", Family: famDirectory, Severity: lint.Warning, Off: true,
			Title: "plugin without a README",
			Doc: lint.Doc{Why: `The plugin directory refuses submissions without a README; users need one to know
what the plugin does before installing it. Off by default.`,
				Bad:         "my-plugin/ (no README.md)",
				Good:        "my-plugin/README.md",
				Checked:     "2.1.328",
				Consequence: "The plugin directory refuses the submission; off by default, a warning when on."},
			Check: func(pass *lint.Pass) {
				if pass.Plugin.Manifest() != nil && firstFile(pass.Plugin, readmeNames) == nil {
					pass.Reportf(snapshot.Loc{}, "add a README.md saying what the plugin does and how to install it", "plugin %q has no README", pass.Plugin.Components().Plugin)
				}
			},
		},
		{
			ID: "DR002", Alias: "readme-trivial", Family: famDirectory, Severity: lint.Warning, Off: true,
			Title: "README of fewer than 40 words",
			Doc: lint.Doc{Why: `The plugin directory refuses a README under 40 words as trivial. Off by default.`,
				Bad:         "# my-plugin\nA plugin.",
				Good:        "# my-plugin\nWhat it does, its commands, how to install and configure it...",
				Checked:     "2.1.328",
				Consequence: "The plugin directory refuses the submission; off by default, a warning when on."},
			Check: func(pass *lint.Pass) {
				if f := firstFile(pass.Plugin, readmeNames); f != nil && f.Readable() && len(strings.Fields(string(f.Data))) < 40 {
					pass.Reportf(f.Whole(), "describe the plugin, its commands and its installation", "README %q has fewer than 40 words", f.Path)
				}
			},
		},
		{
			ID: "DR003", Alias: "license-missing", Family: famDirectory, Severity: lint.Warning, Off: true,
			Title: "plugin without a license file or license field",
			Doc: lint.Doc{Why: `The plugin directory refuses submissions without a LICENSE file or a "license"
field in plugin.json. Off by default.`,
				Bad:         `{"name": "my-plugin"}   # no LICENSE`,
				Good:        `{"name": "my-plugin", "license": "MIT"}`,
				Checked:     "2.1.328",
				Consequence: "The plugin directory refuses the submission; off by default, a warning when on."},
			Check: func(pass *lint.Pass) {
				m := pass.Plugin.Manifest()
				if m == nil || firstFile(pass.Plugin, licenseNames) != nil {
					return
				}
				if _, ok := pass.Plugin.ManifestValue()["license"]; !ok {
					pass.Reportf(m.Whole(), `add a LICENSE file or "license" to plugin.json`, "plugin %q has no license", pass.Plugin.Components().Plugin)
				}
			},
		},
	}
}

var readmeNames = []string{"README.md", "readme.md", "Readme.md", "README.markdown", "README", "README.txt", "docs/README.md"}

var licenseNames = []string{"LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "LICENCE.md", "COPYING", "COPYING.md", "LICENSE-MIT", "LICENSE-APACHE"}

func firstFile(p *snapshot.Plugin, names []string) *snapshot.File {
	for _, n := range names {
		if f := p.File(n); f != nil && f.IsRegular() {
			return f
		}
	}
	return nil
}
