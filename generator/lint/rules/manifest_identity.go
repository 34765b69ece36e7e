package rules

import (
	"net/url"
	"strings"
	"unicode"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// manifestIdentityRules check what identifies a plugin in plugin.json: its
// name, version, description, author and URLs.
func manifestIdentityRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "MF001", Alias: "plugin-name-invalid", Family: famManifest, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin name that cannot be used as a plugin id",
			Doc: lint.Doc{Why: `The plugin name becomes the prefix of every command, agent and skill
("my-plugin:review"). Spaces, path separators, ":" and "@" break ids and installs; Claude Code
rejects a name with spaces.`,
				Bad:         `{"name": "My Plugin"}`,
				Good:        `{"name": "my-plugin"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code cannot install or address the plugin under that name."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if n, ok := facts.Str(m["name"]); ok {
					if why := unusableName(n); why != "" {
						pass.Reportf(jsonLoc(f, "/name"), "use kebab-case, e.g. \"my-plugin\"", "plugin name %q %s", n, why)
					}
				}
			}),
		},
		{
			ID: "MF002", Alias: "plugin-name-not-kebab", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin name that is not kebab-case",
			Doc: lint.Doc{Why: `Claude Code accepts it, but the Claude.ai marketplace sync and the plugin directory
require lower-case letters, digits and single hyphens.`,
				Bad:         `{"name": "My_Plugin"}`,
				Good:        `{"name": "my-plugin"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code accepts it, the marketplace sync does not; a likely mistake."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if n, ok := facts.Str(m["name"]); ok && unusableName(n) == "" && !kebab.MatchString(n) {
					pass.Reportf(jsonLoc(f, "/name"), "rename it in kebab-case", "plugin name %q is not kebab-case", n)
				}
			}),
		},
		{
			ID: "MF003", Alias: "plugin-name-reserved", Family: famManifest, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin name reserved for Anthropic",
			Doc: lint.Doc{Why: `Names such as claude-*, anthropic-*, cc-plugin-*, "claude-code" or ones pairing
"official" with claude/anthropic pass as Anthropic's own plugins and are refused.`,
				Bad:         `{"name": "claude-helper"}`,
				Good:        `{"name": "pr-helper"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code refuses the name as one of Anthropic's own."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if n, ok := facts.Str(m["name"]); ok && reservedName(n) {
					pass.Reportf(jsonLoc(f, "/name"), "choose a name that does not impersonate Anthropic", "plugin name %q is reserved", n)
				}
			}),
		},
		{
			ID: "MF004", Alias: "version-missing", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin.json without a version",
			Doc: lint.Doc{Why: `Without a version users cannot tell releases apart and updates are keyed on the
commit. "claude plugin validate" warns.`,
				Bad:         `{"name": "my-plugin"}`,
				Good:        `{"name": "my-plugin", "version": "1.0.0"}`,
				Checked:     "2.1.328",
				Consequence: "Updates cannot be told apart; the validator warns. A likely oversight."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if _, ok := m["version"]; !ok {
					pass.Reportf(jsonLoc(f, ""), `add "version": "1.0.0"`, "plugin.json has no version")
				}
			}),
		},
		{
			ID: "MF005", Alias: "version-not-semver", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "version that is not semantic versioning",
			Doc: lint.Doc{Why: `Claude Code does not check the version, but marketplaces, "claude plugin tag" and
humans compare versions as semver; "1.0", "v1.0.0" and "latest" sort wrongly.`,
				Bad:         `{"version": "v1.2"}`,
				Good:        `{"version": "1.2.0"}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code does not check it, but version comparisons and readers expect semver; a likely mistake."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if v, ok := facts.Str(m["version"]); ok && !semverRE.MatchString(v) {
					pass.Reportf(jsonLoc(f, "/version"), "use MAJOR.MINOR.PATCH, e.g. \"1.2.0\"", "version %q is not semver", v)
				}
			}),
		},
		{
			ID: "MF006", Alias: "plugin-description-missing", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin.json without a description",
			Doc: lint.Doc{Why: `The description is what users see when they browse and install plugins.
"claude plugin validate" warns.`,
				Bad:         `{"name": "my-plugin"}`,
				Good:        `{"name": "my-plugin", "description": "Reviews pull requests"}`,
				Checked:     "2.1.328",
				Consequence: "The listing shows no description; the validator warns."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if _, ok := m["description"]; !ok {
					pass.Reportf(jsonLoc(f, ""), "add a one-sentence description", "plugin.json has no description")
				}
			}),
		},
		{
			ID: "MF007", Alias: "author-missing", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "plugin.json without an author",
			Doc: lint.Doc{Why: `Users decide whether to trust a plugin by who wrote it. "claude plugin validate" warns.`,
				Bad:         `{"name": "my-plugin"}`,
				Good:        `{"name": "my-plugin", "author": {"name": "Jane Doe"}}`,
				Checked:     "2.1.328",
				Consequence: "The listing shows no author; the validator warns."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if _, ok := m["author"]; !ok {
					pass.Reportf(jsonLoc(f, ""), `add "author": {"name": "…"}`, "plugin.json has no author")
				}
			}),
		},
		{
			ID: "MF008", Alias: "url-invalid", Family: famManifest, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: "URL field that is not an absolute URL",
			Doc: lint.Doc{Why: `homepage must parse as a URL or the validator refuses the plugin, as earlier releases' loaders
did (2.1.330's ignores the homepage and notes it); the listing URLs
(documentationUrl, supportUrl, privacyPolicyUrl, termsOfServiceUrl) and author.url are shown
as links and must be absolute too. An empty listing URL or author.url is a placeholder that
2.1.330 accepts (it shows no link); an empty homepage is refused ("Invalid URL").`,
				Bad:         `{"homepage": "example.com/docs"}`,
				Good:        `{"homepage": "https://example.com/docs"}`,
				Checked:     "2.1.328",
				Consequence: "`claude plugin validate` refuses the plugin and earlier releases did not load it (2.1.330 loads it and ignores the homepage, saying so); the other URL fields are broken links in the listing."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				for _, u := range urlFields(m) {
					if u.value == "" && u.name != "homepage" {
						continue // an unfilled placeholder: 2.1.330 accepts it and shows no link
					}
					if !absoluteURL(u.value) {
						pass.Reportf(jsonLoc(f, u.ptr), "write an absolute https:// URL", "%s %q is not an absolute URL", u.name, u.value)
					}
				}
			}),
		},
		{
			ID: "MF009", Alias: "url-not-https", Family: famManifest, Severity: lint.Info, Kinds: kinds(snapshot.KindManifest),
			Title: "URL field using http:// instead of https://",
			Doc: lint.Doc{Why: `The plugin directory expects https:// listing URLs; http:// links are flagged there
and open insecurely.`,
				Bad:         `{"homepage": "http://example.com"}`,
				Good:        `{"homepage": "https://example.com"}`,
				Checked:     "2.1.328",
				Consequence: "The link works but is not secure; style."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				for _, u := range urlFields(m) {
					if absoluteURL(u.value) && strings.HasPrefix(strings.ToLower(u.value), "http://") {
						pass.Reportf(jsonLoc(f, u.ptr), "use https://", "%s %q uses http://", u.name, u.value)
					}
				}
			}),
		},
	}
}

// reservedExact and the prefixes below are the lists 2.1.330's validator
// prints with its "is reserved" message.
var reservedExact = map[string]bool{"claude": true, "claude-code": true, "claude-mods": true, "anthropic": true, "anthropics": true}

func reservedName(n string) bool {
	l := strings.ToLower(n)
	if reservedExact[l] {
		return true
	}
	for _, p := range []string{"claude-", "anthropic-", "anthropics-", "cc-plugin-"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return strings.Contains(l, "official") && (strings.Contains(l, "claude") || strings.Contains(l, "anthropic"))
}

func unusableName(n string) string {
	if strings.TrimSpace(n) == "" {
		return "is empty"
	}
	for _, r := range n {
		switch {
		case unicode.IsSpace(r):
			return "contains a space"
		case r == '/' || r == '\\':
			return "contains a path separator"
		case r == ':' || r == '@':
			return "contains " + string(r) + ", which separates plugin ids"
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			return "contains a control character"
		}
	}
	return ""
}

var semverRE = lazyre.New(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

type urlField struct{ name, ptr, value string }

func urlFields(m map[string]any) []urlField {
	var out []urlField
	for _, k := range []string{"homepage", "documentationUrl", "supportUrl", "privacyPolicyUrl", "termsOfServiceUrl"} {
		if s, ok := facts.Str(m[k]); ok {
			out = append(out, urlField{k, "/" + k, s})
		}
	}
	if s, ok := facts.Str(facts.Obj(m["author"])["url"]); ok {
		out = append(out, urlField{"author.url", "/author/url", s})
	}
	return out
}

func absoluteURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != "" && u.Host != "" && !strings.ContainsAny(s, " \t")
}
