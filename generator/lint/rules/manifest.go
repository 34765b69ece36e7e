package rules

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// manifestRule is a rule over .claude-plugin/plugin.json that needs it to parse.
func manifestRule(id, alias string, sev lint.Severity, title, why, bad, good string,
	check func(pass *lint.Pass, f *snapshot.File, m map[string]any)) lint.Rule {
	return lint.Rule{
		ID: id, Alias: alias, Family: famManifest, Severity: sev, Kinds: kinds(snapshot.KindManifest),
		Title: title, Doc: doc(why, bad, good),
		Check: func(pass *lint.Pass) {
			if m := facts.Obj(pass.File.JSON().Value); m != nil {
				check(pass, pass.File, m)
			}
		},
	}
}

var reservedExact = map[string]bool{"claude": true, "claude-code": true, "claude-mods": true, "anthropic": true}

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

var manifestRules = []lint.Rule{
	manifestRule("MF001", "plugin-name-invalid", lint.Error, "plugin name that cannot be used as a plugin id",
		`The plugin name becomes the prefix of every command, agent and skill
("my-plugin:review"). Spaces, path separators, ":" and "@" break ids and installs; Claude Code
rejects a name with spaces.`, `{"name": "My Plugin"}`, `{"name": "my-plugin"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if n, ok := facts.Str(m["name"]); ok {
				if why := unusableName(n); why != "" {
					pass.Reportf(jsonLoc(f, "/name"), "use kebab-case, e.g. \"my-plugin\"", "plugin name %q %s", n, why)
				}
			}
		}),
	manifestRule("MF002", "plugin-name-not-kebab", lint.Warning, "plugin name that is not kebab-case",
		`Claude Code accepts it, but the Claude.ai marketplace sync and the plugin directory
require lower-case letters, digits and single hyphens.`, `{"name": "My_Plugin"}`, `{"name": "my-plugin"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if n, ok := facts.Str(m["name"]); ok && unusableName(n) == "" && !kebab.MatchString(n) {
				pass.Reportf(jsonLoc(f, "/name"), "rename it in kebab-case", "plugin name %q is not kebab-case", n)
			}
		}),
	manifestRule("MF003", "plugin-name-reserved", lint.Error, "plugin name reserved for Anthropic",
		`Names such as claude-*, anthropic-*, cc-plugin-*, "claude-code" or ones pairing
"official" with claude/anthropic pass as Anthropic's own plugins and are refused.`,
		`{"name": "claude-helper"}`, `{"name": "pr-helper"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if n, ok := facts.Str(m["name"]); ok && reservedName(n) {
				pass.Reportf(jsonLoc(f, "/name"), "choose a name that does not impersonate Anthropic", "plugin name %q is reserved", n)
			}
		}),
	manifestRule("MF004", "version-missing", lint.Warning, "plugin.json without a version",
		`Without a version users cannot tell releases apart and updates are keyed on the
commit. "claude plugin validate" warns.`, `{"name": "my-plugin"}`, `{"name": "my-plugin", "version": "1.0.0"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if _, ok := m["version"]; !ok {
				pass.Reportf(jsonLoc(f, ""), `add "version": "1.0.0"`, "plugin.json has no version")
			}
		}),
	manifestRule("MF005", "version-not-semver", lint.Warning, "version that is not semantic versioning",
		`Claude Code does not check the version, but marketplaces, "claude plugin tag" and
humans compare versions as semver; "1.0", "v1.0.0" and "latest" sort wrongly.`,
		`{"version": "v1.2"}`, `{"version": "1.2.0"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if v, ok := facts.Str(m["version"]); ok && !semverRE.MatchString(v) {
				pass.Reportf(jsonLoc(f, "/version"), "use MAJOR.MINOR.PATCH, e.g. \"1.2.0\"", "version %q is not semver", v)
			}
		}),
	manifestRule("MF006", "plugin-description-missing", lint.Warning, "plugin.json without a description",
		`The description is what users see when they browse and install plugins.
"claude plugin validate" warns.`, `{"name": "my-plugin"}`, `{"name": "my-plugin", "description": "Reviews pull requests"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if _, ok := m["description"]; !ok {
				pass.Reportf(jsonLoc(f, ""), "add a one-sentence description", "plugin.json has no description")
			}
		}),
	manifestRule("MF007", "author-missing", lint.Warning, "plugin.json without an author",
		`Users decide whether to trust a plugin by who wrote it. "claude plugin validate" warns.`,
		`{"name": "my-plugin"}`, `{"name": "my-plugin", "author": {"name": "Jane Doe"}}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if _, ok := m["author"]; !ok {
				pass.Reportf(jsonLoc(f, ""), `add "author": {"name": "…"}`, "plugin.json has no author")
			}
		}),
	manifestRule("MF008", "url-invalid", lint.Error, "URL field that is not an absolute URL",
		`homepage must parse as a URL or the plugin fails to load; the listing URLs
(documentationUrl, supportUrl, privacyPolicyUrl, termsOfServiceUrl) and author.url are shown
as links and must be absolute too.`, `{"homepage": "example.com/docs"}`, `{"homepage": "https://example.com/docs"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			for _, u := range urlFields(m) {
				if !absoluteURL(u.value) {
					pass.Reportf(jsonLoc(f, u.ptr), "write an absolute https:// URL", "%s %q is not an absolute URL", u.name, u.value)
				}
			}
		}),
	manifestRule("MF009", "url-not-https", lint.Info, "URL field using http:// instead of https://",
		`The plugin directory expects https:// listing URLs; http:// links are flagged there
and open insecurely.`, `{"homepage": "http://example.com"}`, `{"homepage": "https://example.com"}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			for _, u := range urlFields(m) {
				if absoluteURL(u.value) && strings.HasPrefix(strings.ToLower(u.value), "http://") {
					pass.Reportf(jsonLoc(f, u.ptr), "use https://", "%s %q uses http://", u.name, u.value)
				}
			}
		}),
}

var semverRE = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)
