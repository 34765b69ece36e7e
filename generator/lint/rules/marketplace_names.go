package rules

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// marketplaceNameRules check a marketplace's name and the names and number of
// the plugins it lists.
func marketplaceNameRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "MK001", Alias: "marketplace-name-invalid", Family: famMarketplace, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace name Claude Code cannot install from",
			Doc: lint.Doc{Why: `The marketplace name is the second half of every plugin id ("plugin@marketplace").
It must start with a letter or digit and hold only letters, digits, ".", "_" and "-".`,
				Bad:         `{"name": "My Tools"}`,
				Good:        `{"name": "my-tools"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code cannot install plugins from the marketplace."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if n, ok := facts.Str(m["name"]); ok && !marketNameRE.MatchString(n) {
					pass.Reportf(jsonLoc(f, "/name"), "use letters, digits, '.', '_' and '-'", "marketplace name %q is not a valid identifier", n)
				}
			}),
		},
		{
			ID: "MK002", Alias: "marketplace-name-impersonation", Family: famMarketplace, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace name that impersonates an official one",
			Doc: lint.Doc{Why: `Names pairing "official" with claude or anthropic are refused as impersonation, and
so are names that read as Claude's own plugin store: 2.1.330's validator refuses every name
that, lowercased and without its punctuation, starts with "claudeplugins" or
"claudemarketplace" ("claude-plugins", "claude_plugins", "claude-marketplace-tools",
"claude.plugins"), and accepts "claude-tools", "claude-code-marketplace" and
"my-claude-plugins" (witnessed with claude plugin validate).`,
				Bad:         `{"name": "official-claude-plugins"}`,
				Good:        `{"name": "acme-plugins"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code refuses the marketplace."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if n, ok := facts.Str(m["name"]); ok && !marketReserved[n] && (reservedName(n) && strings.Contains(strings.ToLower(n), "official") || storeName(n)) {
					pass.Reportf(jsonLoc(f, "/name"), "choose a name of your own", "marketplace name %q impersonates an official marketplace", n)
				}
			}),
		},
		{
			ID: "MK003", Alias: "marketplace-name-reserved", Family: famMarketplace, Severity: lint.Warning, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace name reserved by Claude Code or Claude Desktop",
			Doc: lint.Doc{Why: `"claude-plugins-official" passes validation but "marketplace add" refuses it outside
Anthropic's repository; Claude Desktop reserves "org", "org-provisioned" and "unknown".`,
				Bad:         `{"name": "claude-plugins-official"}`,
				Good:        `{"name": "acme-plugins"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code Desktop refuses the name; a warning for the CLI."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if n, ok := facts.Str(m["name"]); ok && marketReserved[n] {
					pass.Reportf(jsonLoc(f, "/name"), "choose a name of your own", "marketplace name %q is reserved", n)
				}
			}),
		},
		{
			ID: "MK004", Alias: "marketplace-empty", Family: famMarketplace, Severity: lint.Warning, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace that lists no plugins",
			Doc: lint.Doc{Why: `A marketplace with "plugins": [] installs nothing. "claude plugin validate" warns.`,
				Bad:         `{"plugins": []}`,
				Good:        `{"plugins": [{"name": "a", "source": "./a"}]}`,
				Checked:     "2.1.328",
				Consequence: "The marketplace adds and offers nothing; a likely mistake."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if p, ok := m["plugins"].([]any); ok && len(p) == 0 {
					pass.Reportf(jsonLoc(f, "/plugins"), "list at least one plugin", "marketplace lists no plugins")
				}
			}),
		},
		{
			ID: "MK005", Alias: "marketplace-description-missing", Family: famMarketplace, Severity: lint.Warning, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace without a description",
			Doc: lint.Doc{Why: `Users adding a marketplace see its description. "claude plugin validate" warns when
neither description nor metadata.description is set.`,
				Bad:         `{"name": "acme", "owner": {"name": "Acme"}, "plugins": [...]}`,
				Good:        `{"name": "acme", "description": "Acme's review tools", ...}`,
				Checked:     "2.1.328",
				Consequence: "The listing shows no description; the validator warns."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				_, a := m["description"]
				_, b := facts.Obj(m["metadata"])["description"]
				if !a && !b {
					pass.Reportf(jsonLoc(f, ""), "add a description", "marketplace has no description")
				}
			}),
		},
		{
			ID: "MK006", Alias: "marketplace-duplicate-plugin", Family: famMarketplace, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "two marketplace entries with the same name",
			Doc: lint.Doc{Why: `Plugin ids are "name@marketplace"; two entries with one name make one of them
uninstallable. "claude plugin validate" rejects the marketplace ("Duplicate plugin name"); 2.1.330
adds it all the same and installs the first entry of the name without a word.`,
				Bad:         `{"plugins": [{"name": "a", ...}, {"name": "a", ...}]}`,
				Good:        `{"plugins": [{"name": "a", ...}, {"name": "b", ...}]}`,
				Checked:     "2.1.330",
				Consequence: "Claude Code's validator refuses the marketplace, and one of the two plugins cannot be installed."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				seen := map[string]bool{}
				entries(m, func(i int, ptr string, e map[string]any) {
					if n, ok := facts.Str(e["name"]); ok {
						if seen[n] {
							pass.Reportf(jsonLoc(f, ptr+"/name"), "rename or remove one entry", "marketplace lists plugin %q twice", n)
						}
						seen[n] = true
					}
				})
			}),
		},
		{
			ID: "MK012", Alias: "marketplace-plugin-name-reserved", Family: famMarketplace, Severity: lint.Error, Kinds: kinds(snapshot.KindMarketplace),
			Title: "marketplace entry whose plugin name is reserved for Anthropic",
			Doc: lint.Doc{Why: `The plugin-name reservation of plugin-name-reserved (MF003) applies to every entry
of a marketplace too: 2.1.330's validator checks each plugins[].name ("Plugin name … is reserved:
it passes as one of Anthropic's own") unless the marketplace's name is one of Anthropic's own
marketplaces (the release's list: claude-code-plugins, anthropic-agent-skills, healthcare, …), and
refuses the marketplace. A plugin whose own plugin.json is fine can still be unlisted this way.`,
				Bad:         `{"name": "tools", "plugins": [{"name": "claude-helper", "source": "./helper"}]}`,
				Good:        `{"name": "tools", "plugins": [{"name": "pr-helper", "source": "./helper"}]}`,
				Checked:     "2.1.330",
				Consequence: "Claude Code's validator refuses the marketplace: the entry passes as one of Anthropic's own."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if n, _ := facts.Str(m["name"]); anthropicMarketplaces[strings.ToLower(n)] {
					return // Anthropic's own marketplaces list Anthropic's plugins
				}
				entries(m, func(i int, ptr string, e map[string]any) {
					if n, ok := facts.Str(e["name"]); ok && reservedName(n) {
						pass.Reportf(jsonLoc(f, ptr+"/name"), "choose a name that does not impersonate Anthropic",
							"marketplace entry %q has a reserved plugin name", n)
					}
				})
			}),
		},
	}
}

// anthropicMarketplaces are the marketplace names 2.1.330 treats as
// Anthropic's own (its validator skips the reserved-name check of their
// entries), copied from the release.
var anthropicMarketplaces = map[string]bool{"claude-code-marketplace": true, "claude-code-plugins": true,
	"claude-plugins-official": true, "anthropic-marketplace": true, "anthropic-plugins": true, "agent-skills": true,
	"anthropic-agent-skills": true, "life-sciences": true, "knowledge-work-plugins": true, "claude-for-legal": true,
	"claude-for-financial-services": true, "financial-services-plugins": true, "first-party-plugins": true,
	"claude-tag-plugins": true, "healthcare": true}

var marketNameRE = lazyre.New(`^[A-Za-z0-9][-A-Za-z0-9._]*$`)

var marketReserved = map[string]bool{"claude-plugins-official": true, "org": true, "org-provisioned": true, "unknown": true}

// storeName reports a marketplace name that reads as Claude's own plugin
// store, as 2.1.330's validator judges it (see MK002).
func storeName(n string) bool {
	var b strings.Builder
	for _, c := range strings.ToLower(n) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	k := b.String()
	return strings.HasPrefix(k, "claudeplugins") || strings.HasPrefix(k, "claudemarketplace")
}

// entries yields each plugins[] object with its pointer.
func entries(m map[string]any, fn func(i int, ptr string, e map[string]any)) {
	for i, e := range facts.Arr(m["plugins"]) {
		if o := facts.Obj(e); o != nil {
			fn(i, fmt.Sprintf("/plugins/%d", i), o)
		}
	}
}

func entryName(e map[string]any) string {
	if n, ok := facts.Str(e["name"]); ok {
		return lint.Quote(n)
	}
	return "(unnamed)"
}
