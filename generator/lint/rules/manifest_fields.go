package rules

import (
	"net/mail"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// manifestFieldRules check plugin.json fields beyond what the schema can
// say: version ranges, field shapes, experimental keys, inline commands.
func manifestFieldRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "MF010", Alias: "engines-range-invalid", Family: famManifest, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: `engines["claude-code"] that is not a version range`,
			Doc: lint.Doc{Why: `engines["claude-code"] says which Claude Code releases the plugin supports; Claude Code
rejects a value it cannot read as a range.`,
				Bad:         `{"engines": {"claude-code": "latest"}}`,
				Good:        `{"engines": {"claude-code": ">=2.1.77"}}`,
				Checked:     "2.1.328",
				Consequence: "Claude Code rejects a range it cannot read."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				v, present := facts.Obj(m["engines"])["claude-code"]
				if !present {
					return
				}
				if s, ok := facts.Str(v); !ok || !validRange(s) {
					pass.Reportf(jsonLoc(f, "/engines/claude-code"), `write a range such as ">=2.1.0"`,
						"engines[\"claude-code\"] is not a version range")
				}
			}),
		},
		{
			ID: "MF011", Alias: "field-not-object", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "metadata or engines that is not an object",
			Doc: lint.Doc{Why: `metadata is a free-form object and engines maps runtimes to version ranges; Claude
Code drops either when it is a string or a list.`,
				Bad:         `{"engines": ">=2.1.0"}`,
				Good:        `{"engines": {"claude-code": ">=2.1.0"}}`,
				Checked:     "2.1.328",
				Consequence: "The value is ignored; the validator warns."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				for _, k := range []string{"metadata", "engines"} {
					if v, ok := m[k]; ok && facts.Obj(v) == nil {
						pass.Reportf(jsonLoc(f, "/"+k), "make it a JSON object", "%q must be an object; Claude Code drops it", k)
					}
				}
			}),
		},
		{
			ID: "MF012", Alias: "experimental-top-level", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "experimental component declared at the top level",
			Doc: lint.Doc{Why: `monitors and themes are experimental components; at the top level they still load
in 2.1.328 but are slated for removal. Declare them under experimental.`,
				Bad:         `{"monitors": "./monitors.json"}`,
				Good:        `{"experimental": {"monitors": "./monitors.json"}}`,
				Checked:     "2.1.328",
				Consequence: "The component is experimental and belongs under experimental; the validator warns."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				for _, k := range []string{"monitors", "themes"} {
					if _, ok := m[k]; ok {
						pass.Reportf(keyLoc(f, "/"+k), "move it under \"experimental\"", "%q is experimental; declare it under experimental.%s", k, k)
					}
				}
			}),
		},
		{
			ID: "MF013", Alias: "author-email-invalid", Family: famManifest, Severity: lint.Warning, Kinds: kinds(snapshot.KindManifest),
			Title: "author email that is not an email address",
			Doc: lint.Doc{Why: `Claude Code does not check author.email, so a typo ships unnoticed and users cannot
reach the author.`,
				Bad:         `{"author": {"name": "Jane", "email": "jane at example.com"}}`,
				Good:        `{"author": {"name": "Jane", "email": "jane@example.com"}}`,
				Checked:     "2.1.328",
				Consequence: "Nobody can reach the author; a likely typo."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
				if e, ok := facts.Str(facts.Obj(m["author"])["email"]); ok {
					if a, err := mail.ParseAddress(e); err != nil || a.Address != e {
						pass.Reportf(jsonLoc(f, "/author/email"), "write a plain address such as jane@example.com", "author email %q is not an email address", e)
					}
				}
			}),
		},
		{
			ID: "MF014", Alias: "inline-command-source", Family: famManifest, Severity: lint.Error, Kinds: kinds(snapshot.KindManifest),
			Title: `inline command with both or neither of "source" and "content"`,
			Doc: lint.Doc{Why: `A commands map entry takes its prompt from a file ("source") or inline ("content"),
exactly one of them; Claude Code rejects the entry otherwise.`,
				Bad:         `{"commands": {"review": {"source": "./r.md", "content": "Review"}}}`,
				Good:        `{"commands": {"review": {"source": "./r.md"}}}`,
				Checked:     "2.1.328",
				Consequence: "The validator refuses the entry: the command is not loaded."},
			Check: onObject(func(pass *lint.Pass, f *snapshot.File, m map[string]any) {
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
		},
	}
}

var comparatorRE = lazyre.New(`^(>=|<=|>|<|=|\^|~)?v?(\d+|[xX*])(\.(\d+|[xX*])){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

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
