package rules

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// securityTextRules read file contents for secrets and hidden text.
func securityTextRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "SE003", Alias: "secret-literal", Family: famSecurity, Severity: lint.Error, Kinds: textKinds,
			Title: "credential written into a plugin file",
			Doc: lint.Doc{Why: `API keys, tokens and private keys in a plugin are published to everyone who
installs it. "claude plugin validate" warns only for MCP headers. Declare a userConfig value
with "sensitive": true and reference it as ${user_config.KEY}, or read an environment variable.
Placeholders and documented samples are not reported: tokens holding placeholder words
(YOUR_KEY, example, dummy, xxxx), runs such as 0000 or 1234, or too little entropy to be
random; a token that runs into an angle-bracket slot (xoxb-…-<bot-token>) or sits in one;
JWTs whose claims are the tutorial samples (John Doe); credentials on a line that calls
them an example or a sample ("Example:", "e.g.") or names an example domain; a private-key block
whose body is elided (a "...", "…" or "<...>" line before its END line, or fewer base64
characters than the smallest key, an Ed25519 key's 64), the shape of a key a guide shows; and
anything in test fixtures or example files (tests/, fixtures/, *.example).
2.1.330's validator classifies MCP header credentials the same way: it skips values matching
your[-_ ]|replace|example|changeme|placeholder|dummy|redacted|xxx|[<>] and requires an entropy
of at least 3 bits per character.`,
				Bad:         `"headers": {"Authorization": "Bearer sk-ant-api03-…"}`,
				Good:        `"headers": {"Authorization": "Bearer ${user_config.api_key}"}`,
				Consequence: "A credential ships to every user of the plugin.",
				Checked:     "2.1.330"},
			Check: func(pass *lint.Pass) {
				f := pass.File
				if bytes.IndexByte(f.Data, 0) >= 0 {
					return
				}
				for _, p := range secretPatterns {
					for _, m := range p.needles.FindAll(p.re, f) {
						if !atWordStart(f.Data, m[0]) && p.needles.Lits()[0] != "PRIVATE KEY" {
							continue
						}
						if sampleSecret(f.Path, f.Data, m[0], m[1], p.prefix) {
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
"Trojan Source"). Uses that hide nothing are not reported: a zero-width joiner inside an
emoji sequence (👨‍💻 is three code points), a zero-width space at the start of a line (after
its indentation, as in a list item's example, or a quote's ">") right before a fence marker,
the usual way to show a fence inside a fenced example, a single
zero-width space between two letters or digits, a typographic break opportunity inside a word,
and a lone zero-width character the text shows and explains within three lines: written out
(U+2060, \u2060, &#8288;, "word joiner") or alone in a code span as the subject of a sentence
(facts.DocumentedInvisible), as in a table of characters to strip or an example followed by
what its invisible character does. Bidi controls and tag characters, and runs of invisible
characters, are reported whatever the text says.`,
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
					if what != "" && !(r == 0xFEFF && i == 0) && !benignInvisible(f.Data, i, r, n) && !facts.DocumentedInvisible(f.Data, i, r, n) {
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
}

// secretPatterns start with a literal so Go's regexp can scan for it; the
// word boundary before the match is checked in code (a leading \b would
// make every search slow).
var secretPatterns = []struct {
	name    string
	re      *lazyre.RE
	needles *facts.Needles // literals every match contains (a cheap pre-filter)
	prefix  int            // length of the fixed prefix before the random part
}{
	{"private key", lazyre.New(`-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY( BLOCK)?-----`), facts.NewNeedles("PRIVATE KEY"), 0},
	{"AWS access key", lazyre.New(`AKIA[0-9A-Z]{16}\b`), facts.NewNeedles("AKIA"), 4},
	{"AWS access key", lazyre.New(`ASIA[0-9A-Z]{16}\b`), facts.NewNeedles("ASIA"), 4},
	{"GitHub token", lazyre.New(`gh[pousr]_[A-Za-z0-9]{36,}\b`), facts.NewNeedles("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), 4},
	{"GitHub token", lazyre.New(`github_pat_[A-Za-z0-9_]{22,}\b`), facts.NewNeedles("github_pat_"), 11},
	{"Anthropic API key", lazyre.New(`sk-ant-[A-Za-z0-9_-]{20,}`), facts.NewNeedles("sk-ant-"), 7},
	{"OpenAI API key", lazyre.New(`sk-(?:proj-)?[A-Za-z0-9]{32,}\b`), facts.NewNeedles("sk-"), 3},
	{"Slack token", lazyre.New(`xox[baprs]-[A-Za-z0-9-]{10,}`), facts.NewNeedles("xox"), 5},
	{"Google API key", lazyre.New(`AIza[0-9A-Za-z_-]{35}\b`), facts.NewNeedles("AIza"), 4},
	{"Stripe secret key", lazyre.New(`[sr]k_live_[0-9A-Za-z]{24,}\b`), facts.NewNeedles("k_live_"), 8},
	{"JSON Web Token", lazyre.New(`eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`), facts.NewNeedles("eyJ"), 0},
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

// benignInvisible reports the invisible characters that hide nothing: a
// zero-width joiner between two pictographs (an emoji ZWJ sequence), and
// a zero-width space that starts a line (after its indentation, or a
// quote's ">") and is followed by a fence marker, which keeps an example
// fence from closing the one around it.
func benignInvisible(data []byte, i int, r rune, n int) bool {
	switch r {
	case 0x200D:
		before, _ := utf8.DecodeLastRune(data[:i])
		if before == 0xFE0F && i >= 3 { // a variation selector may sit between
			before, _ = utf8.DecodeLastRune(data[:i-3])
		}
		after, _ := utf8.DecodeRune(data[i+n:])
		return pictograph(before) && pictograph(after)
	case 0x200B:
		// at the start of a line, or after the indentation of a list
		// item's or a quote's content: "   \u200b```scala" inside a step
		ls := bytes.LastIndexByte(data[:i], '\n') + 1
		atStart := len(bytes.Trim(data[ls:i], " \t>")) == 0
		rest := data[i+n:]
		if atStart && (bytes.HasPrefix(rest, []byte("```")) || bytes.HasPrefix(rest, []byte("~~~"))) {
			return true
		}
		// one inside a word, between two letters or digits: a typographic
		// break opportunity (a long identifier, CJK text); a single one
		// carries no hidden text, which needs a run of invisibles
		before, _ := utf8.DecodeLastRune(data[:i])
		after, _ := utf8.DecodeRune(rest)
		return wordRune(before) && wordRune(after)
	}
	return false
}

// wordRune: a letter or digit of any script (an invisible is neither).
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// pictograph is a rough test for the emoji that ZWJ sequences join: the
// pictographic blocks and the miscellaneous symbols and dingbats (which
// hold the gender and profession signs), and the airplane.
func pictograph(r rune) bool {
	return (r >= 0x1F300 && r <= 0x1FAFF) || (r >= 0x2600 && r <= 0x27BF) || r == 0x2708
}
