package rules

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var marketNameRE = regexp.MustCompile(`^[A-Za-z0-9][-A-Za-z0-9._]*$`)

// marketRule is a rule over a marketplace.json that parses as an object.
func marketRule(id, alias string, sev lint.Severity, title, why, bad, good string,
	check func(pass *lint.Pass, f *snapshot.File, m map[string]any)) lint.Rule {
	return lint.Rule{
		ID: id, Alias: alias, Family: famMarketplace, Severity: sev, Kinds: kinds(snapshot.KindMarketplace),
		Title: title, Doc: doc(why, bad, good),
		Check: func(pass *lint.Pass) {
			if m := facts.Obj(pass.File.JSON().Value); m != nil {
				check(pass, pass.File, m)
			}
		},
	}
}

// entries yields each plugins[] object with its pointer.
func entries(m map[string]any, fn func(i int, ptr string, e map[string]any)) {
	for i, e := range facts.Arr(m["plugins"]) {
		if o := facts.Obj(e); o != nil {
			fn(i, fmt.Sprintf("/plugins/%d", i), o)
		}
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

var marketReserved = map[string]bool{"claude-plugins-official": true, "org": true, "org-provisioned": true, "unknown": true}

var marketplaceRules = []lint.Rule{
	marketRule("MK001", "marketplace-name-invalid", lint.Error, "marketplace name Claude Code cannot install from",
		`The marketplace name is the second half of every plugin id ("plugin@marketplace").
It must start with a letter or digit and hold only letters, digits, ".", "_" and "-".`,
		`{"name": "My Tools"}`, `{"name": "my-tools"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if n, ok := facts.Str(m["name"]); ok && !marketNameRE.MatchString(n) {
				pass.Reportf(jsonLoc(f, "/name"), "use letters, digits, '.', '_' and '-'", "marketplace name %q is not a valid identifier", n)
			}
		}),
	marketRule("MK002", "marketplace-name-impersonation", lint.Error, "marketplace name that impersonates an official one",
		`Names pairing "official" with claude or anthropic are refused as impersonation.`,
		`{"name": "official-claude-plugins"}`, `{"name": "acme-plugins"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if n, ok := facts.Str(m["name"]); ok && !marketReserved[n] && reservedName(n) && strings.Contains(strings.ToLower(n), "official") {
				pass.Reportf(jsonLoc(f, "/name"), "choose a name of your own", "marketplace name %q impersonates an official marketplace", n)
			}
		}),
	marketRule("MK003", "marketplace-name-reserved", lint.Warning, "marketplace name reserved by Claude Code or Claude Desktop",
		`"claude-plugins-official" passes validation but "marketplace add" refuses it outside
Anthropic's repository; Claude Desktop reserves "org", "org-provisioned" and "unknown".`,
		`{"name": "claude-plugins-official"}`, `{"name": "acme-plugins"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if n, ok := facts.Str(m["name"]); ok && marketReserved[n] {
				pass.Reportf(jsonLoc(f, "/name"), "choose a name of your own", "marketplace name %q is reserved", n)
			}
		}),
	marketRule("MK004", "marketplace-empty", lint.Warning, "marketplace that lists no plugins",
		`A marketplace with "plugins": [] installs nothing. "claude plugin validate" warns.`,
		`{"plugins": []}`, `{"plugins": [{"name": "a", "source": "./a"}]}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if p, ok := m["plugins"].([]any); ok && len(p) == 0 {
				pass.Reportf(jsonLoc(f, "/plugins"), "list at least one plugin", "marketplace lists no plugins")
			}
		}),
	marketRule("MK005", "marketplace-description-missing", lint.Warning, "marketplace without a description",
		`Users adding a marketplace see its description. "claude plugin validate" warns when
neither description nor metadata.description is set.`,
		`{"name": "acme", "owner": {"name": "Acme"}, "plugins": [...]}`, `{"name": "acme", "description": "Acme's review tools", ...}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			_, a := m["description"]
			_, b := facts.Obj(m["metadata"])["description"]
			if !a && !b {
				pass.Reportf(jsonLoc(f, ""), "add a description", "marketplace has no description")
			}
		}),
	marketRule("MK006", "marketplace-duplicate-plugin", lint.Error, "two marketplace entries with the same name",
		`Plugin ids are "name@marketplace"; two entries with one name make one of them
uninstallable. Claude Code rejects the marketplace.`,
		`{"plugins": [{"name": "a", ...}, {"name": "a", ...}]}`, `{"plugins": [{"name": "a", ...}, {"name": "b", ...}]}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
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
}
