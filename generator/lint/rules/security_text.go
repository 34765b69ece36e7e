package rules

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// securityTextRules read file contents for secrets and hidden text.
var securityTextRules = []lint.Rule{
	{
		ID: "SE003", Alias: "secret-literal", Family: famSecurity, Severity: lint.Error, Kinds: textKinds,
		Title: "credential written into a plugin file",
		Doc: lint.Doc{Why: `API keys, tokens and private keys in a plugin are published to everyone who
installs it. "claude plugin validate" warns only for MCP headers. Declare a userConfig value
with "sensitive": true and reference it as ${user_config.KEY}, or read an environment variable.`,
			Bad:         `"headers": {"Authorization": "Bearer sk-ant-api03-…"}`,
			Good:        `"headers": {"Authorization": "Bearer ${user_config.api_key}"}`,
			Checked:     "2.1.328",
			Consequence: "A credential ships to every user of the plugin."},
		Check: func(pass *lint.Pass) {
			f := pass.File
			if bytes.IndexByte(f.Data, 0) >= 0 {
				return
			}
			for _, p := range secretPatterns {
				for _, m := range facts.FindAll(p.re, f.Data, p.needles...) {
					if !atWordStart(f.Data, m[0]) && p.needles[0] != "PRIVATE KEY" {
						continue
					}
					s := string(f.Data[m[0]:m[1]])
					if strings.Contains(s, "EXAMPLE") || strings.Contains(strings.ToLower(s), "xxxx") {
						continue
					}
					pass.Reportf(f.At(m[0]), "remove it, revoke it, and read it from userConfig or the environment",
						"%q contains what looks like a %s", f.Path, p.name)
				}
			}
		},
	},
	{
		ID: "SE006", Alias: "invisible-unicode", Family: famSecurity, Severity: lint.Error, Scope: lint.Loaded,
		Kinds: append(append([]snapshot.Kind{}, markdownKinds...), jsonKinds...),
		Title: "invisible or text-reordering Unicode characters",
		Doc: lint.Doc{Why: `Zero-width characters, bidi overrides and Unicode tag characters are invisible in
review but read by the model: the known way to hide instructions in a prompt ("ASCII smuggling",
"Trojan Source").`,
			Bad:         "Review the diff.\u200b<hidden instruction>",
			Good:        "Review the diff.",
			Checked:     "2.1.328",
			Consequence: "The model reads text that a reviewer cannot see: hidden or reordered instructions."},
		Check: func(pass *lint.Pass) {
			f := pass.File
			last := 0
			for i := 0; i < len(f.Data); {
				if c := f.Data[i]; c != 0xE2 && c != 0xEF && c != 0xF3 { // lead bytes of every character below
					i++
					continue
				}
				r, n := utf8.DecodeRune(f.Data[i:])
				what := invisible(r)
				if what != "" && !(r == 0xFEFF && i == 0) {
					if line := f.PosOf(i).Line; line != last {
						last = line
						pass.Reportf(f.At(i), "delete the character", "%q contains an invisible character (%s, U+%04X)", f.Path, what, r)
					}
				}
				i += n
			}
		},
	},
}

// secretPatterns start with a literal so Go's regexp can scan for it; the
// word boundary before the match is checked in code (a leading \b would
// make every search slow).
var secretPatterns = []struct {
	name    string
	re      *lazyre.RE
	needles []string // literals every match contains (a cheap pre-filter)
}{
	{"private key", lazyre.New(`-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY( BLOCK)?-----`), []string{"PRIVATE KEY"}},
	{"AWS access key", lazyre.New(`AKIA[0-9A-Z]{16}\b`), []string{"AKIA"}},
	{"AWS access key", lazyre.New(`ASIA[0-9A-Z]{16}\b`), []string{"ASIA"}},
	{"GitHub token", lazyre.New(`gh[pousr]_[A-Za-z0-9]{36,}\b`), []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}},
	{"GitHub token", lazyre.New(`github_pat_[A-Za-z0-9_]{22,}\b`), []string{"github_pat_"}},
	{"Anthropic API key", lazyre.New(`sk-ant-[A-Za-z0-9_-]{20,}`), []string{"sk-ant-"}},
	{"OpenAI API key", lazyre.New(`sk-(?:proj-)?[A-Za-z0-9]{32,}\b`), []string{"sk-"}},
	{"Slack token", lazyre.New(`xox[baprs]-[A-Za-z0-9-]{10,}`), []string{"xox"}},
	{"Google API key", lazyre.New(`AIza[0-9A-Za-z_-]{35}\b`), []string{"AIza"}},
	{"Stripe secret key", lazyre.New(`[sr]k_live_[0-9A-Za-z]{24,}\b`), []string{"k_live_"}},
	{"JSON Web Token", lazyre.New(`eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`), []string{"eyJ"}},
}

// atWordStart reports whether no letter, digit or underscore precedes off.
func atWordStart(d []byte, off int) bool {
	if off == 0 {
		return true
	}
	c := d[off-1]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')
}

var textKinds = kinds(snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill, snapshot.KindMarkdown, snapshot.KindManifest,
	snapshot.KindMarketplace, snapshot.KindHooks, snapshot.KindMCP, snapshot.KindLSP, snapshot.KindSettings, snapshot.KindOther, snapshot.KindSkillFile)

// invisible names the invisible or reordering character r, or returns "".
func invisible(r rune) string {
	switch {
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF:
		return "zero-width character"
	case r >= 0x202A && r <= 0x202E:
		return "bidi embedding or override"
	case r >= 0x2066 && r <= 0x2069:
		return "bidi isolate"
	case r >= 0xE0000 && r <= 0xE007F:
		return "Unicode tag character"
	}
	return ""
}
