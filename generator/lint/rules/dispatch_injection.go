package rules

import (
	"bytes"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// dispatchInjectionRules find whole files pasted into prompts.
func dispatchInjectionRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DP013", Alias: "content-injection", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated,
			Title: "{content of X.md} injection outside the allowlist",
			Doc: lint.Doc{Why: `Pasting whole artifacts into prompts ("{content of spec.md}") costs their full size on
every dispatch and every iteration; document 002 replaced it with lazy-loaded Required Artifacts
paths. A few injections stay by design (the review target of a phase reviewer, a framework
reference a skill inlines); list each in the option allow as "PATTERN — reason" (PATTERN is the
placeholder, "*" matches any text). An entry without a reason is reported too. Mentions in
inline code are explanations, not injections, and are skipped.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "## Upstream\n{content of prd.md}",
				Good:        "## Required Artifacts\n...\n{resolved PRD line from I8}",
				Checked:     "2.1.328",
				Consequence: "The whole file is paid for on every dispatch; a likely cost."},
			Options: []lint.Option{{Name: "allow", Default: []string{},
				Doc: `allowed injections, each "PATTERN — reason", e.g. "{content of spec.md} — the review target, inline by design"`}},
			Check: func(pass *lint.Pass) {
				allows := dpAllows(pass.Strings("allow"))
				for _, a := range allows {
					if a.Reason == "" || a.Pattern == "" {
						pass.Reportf(snapshot.Loc{}, `write the entry as "PATTERN — reason"`,
							"content-injection allowlist entry %q gives no reason", a.Raw)
					}
				}
				for _, f := range pass.Plugin.Files {
					if !f.Kind.IsMarkdown() || !pass.InScope(f) || !bytes.Contains(f.Data, []byte("{content of ")) {
						continue
					}
					md := f.Markdown()
					for _, m := range dpInjectRE.FindAllIndex(f.Data, -1) {
						if m[0] < md.BodyStart || md.InCode(m[0]) && !dpInFence(md, m[0]) {
							continue
						}
						text := string(f.Data[m[0]:m[1]])
						allowed := false
						for _, a := range allows {
							allowed = allowed || a.Pattern != "" && dpGlob(a.Pattern, text)
						}
						if !allowed {
							pass.Reportf(f.At(m[0]), "list the file under Required Artifacts for the subagent to read, or allow the injection with a reason",
								"%q injects a whole file into the prompt", text)
						}
					}
				}
			},
		},
	}
}

var dpInjectRE = lazyre.New(`\{content of [^{}\n]*?\.md[^{}\n]*\}`)

// dpAllow is one allowlist entry "PATTERN — reason".
type dpAllow struct {
	Pattern, Reason, Raw string
}

func dpAllows(entries []string) []dpAllow {
	var out []dpAllow
	for _, e := range entries {
		pat, reason, ok := strings.Cut(e, " — ")
		if !ok {
			pat, reason, _ = strings.Cut(e, " -- ")
		}
		out = append(out, dpAllow{strings.TrimSpace(pat), strings.TrimSpace(reason), e})
	}
	return out
}

// dpGlob matches s against a pattern whose only wildcard is "*".
func dpGlob(pat, s string) bool {
	parts := strings.Split(pat, "*")
	if len(parts) == 1 {
		return pat == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}

// dpInFence reports whether offset off lies inside a fenced code block.
func dpInFence(md *snapshot.Markdown, off int) bool {
	for _, fe := range md.Fences {
		if off >= fe.Offset && off < fe.ContentEnd {
			return true
		}
	}
	return false
}
