package rules

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
)

// dispatchFallbackRules check the choice between continuing and a fresh
// fallback: the RESUME-FALLBACK log and the delta size guard.
func dispatchFallbackRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "DP010", Alias: "resume-fallback-malformed", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "malformed RESUME-FALLBACK log line",
			Doc: lint.Doc{Why: `Resume failures are logged to .review-history.md as
"RESUME-FALLBACK: {role} iteration {n} — {error summary}" (document 001, TD7) and counted later
with grep. The role is a kebab-case agent name or a {placeholder}, then the word "iteration",
the number or placeholder, and an em dash "—" before the summary. Other spellings escape the
monitoring.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "Append `RESUME-FALLBACK: spec-reviewer iter {n} - {error}`",
				Good:        "Append `RESUME-FALLBACK: spec-reviewer iteration {n} — {error summary}`",
				Checked:     "2.1.328",
				Consequence: "The fallback log cannot be parsed; a likely mistake."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				if !bytes.Contains(f.Data, []byte("RESUME-FALLBACK:")) {
					return
				}
				for n := 1; n <= f.NumLines(); n++ {
					line := f.LineText(n)
					texts, offs := dpMarkers(line)
					for k, t := range texts {
						if !dpFallbackRE.MatchString(t) {
							pass.Reportf(f.LineCol(n, utf8.RuneCountInString(line[:offs[k]])+1),
								"write it as `RESUME-FALLBACK: {role} iteration {n} — {error summary}`",
								"malformed RESUME-FALLBACK line %s; the format is \"RESUME-FALLBACK: {role} iteration {n} — {summary}\"", lint.Quote(t))
						}
					}
				}
			},
		},
		{
			ID: "DP011", Alias: "delta-guard-missing", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "continued dispatch with a delta (I2) and no 50% delta size guard before it",
			Doc: lint.Doc{Why: `Continuing a subagent with a diff pays off only while the diff is small. Before every
I2 continued dispatch (a continued prompt with "## Delta"), the orchestrator compares the
delta with the first fresh prompt and falls back to a fresh dispatch when it exceeds 50% of
iteration1_prompt_length (document 001, TD5). The rule looks for a paragraph holding "50%" and
"iteration1_prompt_length" earlier in the same step.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "**If iteration >= 2** — continue the reviewer:\nSendMessage tool call:\n  ...\n    ## Delta",
				Good:        "**Delta size guard:** If `len(delta_content)` > 50% of `resume_state[role].iteration1_prompt_length`,\nfall back to a fresh dispatch.\n\nSendMessage tool call:\n  ...\n    ## Delta",
				Checked:     "2.1.328",
				Consequence: "An oversized delta can reach the subagent; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				df := facts.Dispatches.Of(pass, pass.File)
				for i, b := range df.Blocks {
					if !dpIsI2(b) {
						continue
					}
					from, ok := df.StepBefore(i), false
					for _, p := range df.Prose() { // split once, on first need
						ok = ok || p.Line >= from && p.Line < b.FenceLine && dpGuard(p)
					}
					if !ok {
						pass.Reportf(pass.File.Line(b.Line), "add a delta size guard before it: fall back to a fresh dispatch when the delta exceeds 50% of iteration1_prompt_length",
							"continued dispatch of %s sends a delta without a 50%% delta size guard before it", dpWho(df, b))
					}
				}
			},
		},
		{
			ID: "DP012", Alias: "delta-guard-on-final-validation", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated, Kinds: markdownKinds,
			Title: "50% delta size guard attached to a final-validation (I2-FV) dispatch",
			Doc: lint.Doc{Why: `Final validation is mandatory: a reviewer that passed earlier must see every change
made since, however large (document 001, I2-FV: "The 50% threshold does NOT apply"). A guard
that would swap the final-validation continue for a fresh dispatch contradicts that. Reported
only when the guard paragraph is directly followed, within its step, by the I2-FV block
("## Changes Since Your Last Review").

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "**Delta size guard:** if the diff exceeds 50% of iteration1_prompt_length, dispatch fresh.\n\nSendMessage tool call:\n  ...\n    ## Changes Since Your Last Review",
				Good:        "No delta size guard for final validation.\n\nSendMessage tool call:\n  ...\n    ## Changes Since Your Last Review",
				Checked:     "2.1.328",
				Consequence: "The final validation gets a delta instead of the whole; a likely mistake."},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				df := facts.Dispatches.Of(pass, pass.File)
				if len(df.Blocks) == 0 {
					return // a guard matters only before a dispatch; skip splitting the prose
				}
				heads := df.Heads
				for _, p := range df.Prose() {
					if !dpGuard(p) {
						continue
					}
					var next *facts.Block
					for _, b := range df.Blocks {
						if b.FenceLine > p.Line {
							next = b
							break
						}
					}
					if next == nil || !dpIsFV(next) || dpHeadingBetween(heads, p.Line, next.FenceLine) {
						continue
					}
					pass.Reportf(pass.File.Line(p.Line), "drop the guard: final validation always continues the reviewer",
						"delta size guard applies to the final-validation dispatch of %s (line %d)", dpWho(df, next), next.Line)
				}
			},
		},
	}
}

var dpFallbackRE = lazyre.New(`^RESUME-FALLBACK: (?:\{[^{}]+\}|[a-z0-9]+(?:-[a-z0-9]+)*) iteration (?:\{[^{}]+\}|\d+) — \S`)

// dpMarkers finds "RESUME-FALLBACK:" markers on a line: the marker text (up
// to the closing backtick or quote when it opens one, else to the end of
// the line) and its byte offset in the line.
func dpMarkers(line string) (texts []string, offs []int) {
	const tag = "RESUME-FALLBACK:"
	for i := 0; ; {
		j := strings.Index(line[i:], tag)
		if j < 0 {
			return texts, offs
		}
		j += i
		rest := line[j:]
		if j > 0 && (line[j-1] == '`' || line[j-1] == '"') {
			if k := strings.IndexByte(rest, line[j-1]); k >= 0 {
				rest = rest[:k]
			}
		}
		rest = strings.TrimSpace(rest)
		if strings.TrimSpace(strings.TrimPrefix(rest, tag)) != "" {
			texts, offs = append(texts, rest), append(offs, j)
		}
		i = j + len(tag)
	}
}

// dpGuard reports whether a paragraph is a delta size guard (document 001,
// TD5): the 50% threshold against iteration1_prompt_length.
func dpGuard(p facts.Paragraph) bool {
	return strings.Contains(p.Text, "50%") && strings.Contains(p.Text, "iteration1_prompt_length")
}

// dpIsI2 and dpIsFV tell the two continued reviewer prompts of document 001
// apart: I2 carries "## Delta", I2-FV "## Changes Since Your Last Review".
func dpIsI2(b *facts.Block) bool {
	return b.Continued() && facts.SectionNamed(b.Sections, "Delta") != nil
}

func dpIsFV(b *facts.Block) bool {
	return b.Continued() && facts.SectionNamed(b.Sections, "Changes Since") != nil
}

func dpHeadingBetween(heads []int, a, b int) bool {
	for _, h := range heads {
		if h > a && h < b {
			return true
		}
	}
	return false
}
