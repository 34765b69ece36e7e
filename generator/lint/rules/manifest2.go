package rules

import (
	"net/mail"
	"net/url"
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

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

var (
	comparatorRE = regexp.MustCompile(`^(>=|<=|>|<|=|\^|~)?v?(\d+|[xX*])(\.(\d+|[xX*])){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
	userConfigRE = regexp.MustCompile(`\$\{user_config\.([^}]*)\}`)
)

// validRange accepts npm-style version ranges such as ">=2.1.0 <3", "^2.1" or "1 - 2".
func validRange(s string) bool {
	if strings.TrimSpace(s) == "" {
		return false
	}
	for _, set := range strings.Split(s, "||") {
		fields := strings.Fields(set)
		if len(fields) == 0 {
			return false
		}
		for i, c := range fields {
			if c == "-" && i > 0 && i < len(fields)-1 {
				continue
			}
			if !comparatorRE.MatchString(c) {
				return false
			}
		}
	}
	return true
}

var manifestRules2 = []lint.Rule{
	manifestRule("MF010", "engines-range-invalid", lint.Error, `engines["claude-code"] that is not a version range`,
		`engines["claude-code"] says which Claude Code releases the plugin supports; Claude Code
rejects a value it cannot read as a range.`, `{"engines": {"claude-code": "latest"}}`, `{"engines": {"claude-code": ">=2.1.77"}}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			v, present := facts.Obj(m["engines"])["claude-code"]
			if !present {
				return
			}
			if s, ok := facts.Str(v); !ok || !validRange(s) {
				pass.Reportf(jsonLoc(f, "/engines/claude-code"), `write a range such as ">=2.1.0"`,
					"engines[\"claude-code\"] is not a version range")
			}
		}),
	manifestRule("MF011", "field-not-object", lint.Warning, "metadata or engines that is not an object",
		`metadata is a free-form object and engines maps runtimes to version ranges; Claude
Code drops either when it is a string or a list.`, `{"engines": ">=2.1.0"}`, `{"engines": {"claude-code": ">=2.1.0"}}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			for _, k := range []string{"metadata", "engines"} {
				if v, ok := m[k]; ok && facts.Obj(v) == nil {
					pass.Reportf(jsonLoc(f, "/"+k), "make it a JSON object", "%q must be an object; Claude Code drops it", k)
				}
			}
		}),
	manifestRule("MF012", "experimental-top-level", lint.Warning, "experimental component declared at the top level",
		`monitors and themes are experimental components; at the top level they still load
in 2.1.328 but are slated for removal. Declare them under experimental.`,
		`{"monitors": "./monitors.json"}`, `{"experimental": {"monitors": "./monitors.json"}}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			for _, k := range []string{"monitors", "themes"} {
				if _, ok := m[k]; ok {
					pass.Reportf(keyLoc(f, "/"+k), "move it under \"experimental\"", "%q is experimental; declare it under experimental.%s", k, k)
				}
			}
		}),
	manifestRule("MF013", "author-email-invalid", lint.Warning, "author email that is not an email address",
		`Claude Code does not check author.email, so a typo ships unnoticed and users cannot
reach the author.`, `{"author": {"name": "Jane", "email": "jane at example.com"}}`, `{"author": {"name": "Jane", "email": "jane@example.com"}}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			if e, ok := facts.Str(facts.Obj(m["author"])["email"]); ok {
				if a, err := mail.ParseAddress(e); err != nil || a.Address != e {
					pass.Reportf(jsonLoc(f, "/author/email"), "write a plain address such as jane@example.com", "author email %q is not an email address", e)
				}
			}
		}),
	manifestRule("MF014", "inline-command-source", lint.Error, `inline command with both or neither of "source" and "content"`,
		`A commands map entry takes its prompt from a file ("source") or inline ("content"),
exactly one of them; Claude Code rejects the entry otherwise.`,
		`{"commands": {"review": {"source": "./r.md", "content": "Review"}}}`, `{"commands": {"review": {"source": "./r.md"}}}`,
		func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
			cmds := facts.Obj(m["commands"])
			for _, name := range facts.SortedKeys(cmds) {
				e := facts.Obj(cmds[name])
				if e == nil {
					continue
				}
				_, s := e["source"]
				_, c := e["content"]
				if s == c {
					pass.Reportf(jsonLoc(f, snapshot.Pointer("/commands", name)), `give exactly one of "source" and "content"`,
						"inline command %q must have exactly one of source and content", name)
				}
			}
		}),
}
