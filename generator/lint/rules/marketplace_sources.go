package rules

import (
	"path/filepath"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// marketplaceSourceRules check where a marketplace's entries point and that
// they agree with the plugins there.
func marketplaceSourceRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "MK007", Alias: "marketplace-source-invalid", Family: famMarketplace, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace entry whose local source path is malformed",
			Doc: lint.Doc{Why: `A local source is "./path" relative to the marketplace root, or a bare directory name
when metadata.pluginRoot is set. Paths without "./", bare names without pluginRoot and ".."
are rejected.`,
				Bad:         `{"source": "plugins/review"}`,
				Good:        `{"source": "./plugins/review"}`,
				Checked:     "2.1.328",
				Consequence: "The validator refuses the entry: the plugin cannot be installed."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				root, _ := facts.Str(facts.Obj(m["metadata"])["pluginRoot"])
				entries(m, func(i int, ptr string, e map[string]any) {
					s, ok := facts.Str(e["source"])
					if !ok || isURL(s) {
						return
					}
					var why string
					switch {
					case escapes(s):
						why = "leaves the marketplace root"
					case strings.HasPrefix(s, "./") || s == ".":
					case root == "":
						why = "is neither \"./path\" nor a name under metadata.pluginRoot"
					case strings.Contains(s, "/"):
						why = "must start with \"./\""
					}
					if why != "" {
						pass.Reportf(jsonLoc(f, ptr+"/source"), `write "./<directory>" relative to the marketplace root`,
							"source %q of plugin %s %s", s, entryName(e), why)
					}
				})
			}),
		},
		{
			ID: "MK008", Alias: "marketplace-source-missing", Family: famMarketplace, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace entry whose local source directory does not exist",
			Doc: lint.Doc{Why: `Claude Code does not check it when validating, but installing the plugin fails.`,
				Bad:         `{"source": "./plugins/reviwe"}`,
				Good:        `{"source": "./plugins/review"}`,
				Checked:     "2.1.328",
				Consequence: "Installing the plugin fails: its directory does not exist."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				entries(m, func(i int, ptr string, e map[string]any) {
					rel, ok := snapshot.LocalSource(m, e)
					if !ok || rel == "" || escapes(rel) {
						return
					}
					if member(pass.Plugin, rel) == nil {
						pass.Reportf(jsonLoc(f, ptr+"/source"), "fix the path or add the plugin directory",
							"source of plugin %s, %q, does not exist", entryName(e), rel)
					}
				})
			}),
		},
		{
			ID: "MK009", Alias: "marketplace-version-mismatch", Family: famMarketplace, Severity: lint.Warning, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace entry version that differs from the plugin's plugin.json",
			Doc: lint.Doc{Why: `At install time plugin.json wins; the marketplace then advertises a version users do
not get, and "claude plugin tag" refuses to tag.`,
				Bad:         `marketplace: {"version": "2.0.0"}, plugin.json: {"version": "1.0.0"}`,
				Good:        `both "1.0.0" (or only plugin.json has a version)`,
				Checked:     "2.1.328",
				Consequence: "Plugin.json wins at install time, so the listing shows a version users do not get; a likely mistake."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				eachMember(pass, m, func(ptr string, e, pm map[string]any) {
					ev, ok1 := facts.Str(e["version"])
					pv, ok2 := facts.Str(pm["version"])
					if ok1 && ok2 && ev != pv {
						pass.Reportf(jsonLoc(f, ptr+"/version"), "make the two versions equal, or drop the entry's version",
							"plugin %s is version %q here but %q in its plugin.json", entryName(e), ev, pv)
					}
				})
			}),
		},
		{
			ID: "MK010", Alias: "marketplace-name-mismatch", Family: famMarketplace, Severity: lint.Warning, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace entry name that differs from the plugin's plugin.json name",
			Doc: lint.Doc{Why: `Users install "entry-name@marketplace" but commands are prefixed with plugin.json's
name; two names for one plugin confuse both users and cross-references.`,
				Bad:         `marketplace: {"name": "review"}, plugin.json: {"name": "pr-review"}`,
				Good:        `both "pr-review"`,
				Checked:     "2.1.328",
				Consequence: "The plugin installs under its plugin.json name, not the listed one; a likely mistake."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				eachMember(pass, m, func(ptr string, e, pm map[string]any) {
					en, ok1 := facts.Str(e["name"])
					pn, ok2 := facts.Str(pm["name"])
					if ok1 && ok2 && en != pn {
						pass.Reportf(jsonLoc(f, ptr+"/name"), "use the same name in both files",
							"plugin %q is called %q in its plugin.json", en, pn)
					}
				})
			}),
		},
		{
			ID: "MK011", Alias: "marketplace-entry-name-invalid", Family: famMarketplace, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace entry name that cannot be a plugin id",
			Doc: lint.Doc{Why: `Entry names become plugin ids; spaces, path separators, ":" and "@" break them.`,
				Bad:         `{"name": "PR Review"}`,
				Good:        `{"name": "pr-review"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code cannot install the entry under that name."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				entries(m, func(i int, ptr string, e map[string]any) {
					if n, ok := facts.Str(e["name"]); ok {
						if why := unusableName(n); why != "" {
							pass.Reportf(jsonLoc(f, ptr+"/name"), "use kebab-case", "plugin name %q %s", n, why)
						}
					}
				})
			}),
		},
	}
}

// member finds the loaded plugin at a marketplace-relative directory.
func member(p *snapshot.Plugin, rel string) *snapshot.Plugin {
	if rel == "" {
		return p
	}
	want := filepath.Join(p.Root, filepath.FromSlash(rel))
	for _, m := range p.Members {
		if m.Root == want {
			return m
		}
	}
	return nil
}

// eachMember calls fn for each entry whose local plugin was loaded and has
// a parseable plugin.json.
func eachMember(pass *lint.Pass, m map[string]any, fn func(ptr string, e, manifest map[string]any)) {
	entries(m, func(i int, ptr string, e map[string]any) {
		rel, ok := snapshot.LocalSource(m, e)
		if !ok {
			return
		}
		if mp := member(pass.Plugin, rel); mp != nil {
			if pm := mp.ManifestValue(); pm != nil {
				fn(ptr, e, pm)
			}
		}
	})
}
