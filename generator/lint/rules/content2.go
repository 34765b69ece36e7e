package rules

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var homePathRE = regexp.MustCompile(`(?:/Users/|/home/|[A-Za-z]:\\Users\\)([A-Za-z0-9._-]+)`)

var placeholderUsers = map[string]bool{"user": true, "username": true, "you": true, "me": true, "name": true,
	"your-name": true, "yourname": true, "example": true, "someone": true, "USER": true, "USERNAME": true, "x": true}

var contentRules2 = []lint.Rule{
	{
		ID: "CT007", Alias: "home-path", Family: famContent, Severity: lint.Warning,
		Kinds: append(append(append([]snapshot.Kind{}, markdownKinds...), jsonKinds...), scriptKinds...),
		Title: "absolute path into someone's home directory",
		Doc: doc(`"/Users/jane/…" or "/home/jane/…" works on the author's machine only, and leaks
a user name. Use ${CLAUDE_PLUGIN_ROOT} for plugin files, ~ or $HOME for the user's.`,
			"Read /Users/jane/notes/style.md first.", "Read ${CLAUDE_PLUGIN_ROOT}/docs/style.md first."),
		Check: func(pass *lint.Pass) {
			f := pass.File
			if f.Kind == snapshot.KindOther || f.Kind == snapshot.KindSkillFile {
				if !facts.IsShellScript(f) {
					return
				}
			}
			for _, m := range facts.FindAll(homePathRE, f.Data, "/Users/", "/home/", ":\\Users\\") {
				if !placeholderUsers[string(f.Data[m[2]:m[3]])] {
					pass.Reportf(f.At(m[0]), "use ${CLAUDE_PLUGIN_ROOT}, ~ or $HOME instead",
						"%q is an absolute path into a home directory", string(f.Data[m[0]:m[1]]))
				}
			}
		},
	},
	{
		ID: "CT008", Alias: "section-empty", Family: famContent, Severity: lint.Info, Kinds: markdownKinds,
		Title: "heading followed directly by a heading of the same or a higher level",
		Doc: doc(`An empty section is usually content lost in an edit (or a template that rendered
nothing); the model sees a promise of instructions that are not there.`,
			"## Review steps\n## Output format", "## Review steps\n1. Read the diff.\n## Output format"),
		Check: func(pass *lint.Pass) {
			f := pass.File
			hs := f.Markdown().Headings
			for i := 0; i+1 < len(hs); i++ {
				a, b := hs[i], hs[i+1]
				if b.Level > a.Level {
					continue
				}
				end := a.Offset + lineLen(f.Data, a.Offset)
				if end <= b.Offset && strings.TrimSpace(string(f.Data[end:b.Offset])) == "" {
					pass.Reportf(f.At(a.Offset), "write the section or remove the heading", "section %s is empty", lint.Quote(a.Text))
				}
			}
		},
	},
	{
		ID: "CT009", Alias: "listing-budget", Family: famContent, Severity: lint.Warning, Off: true,
		Options: []lint.Option{{Name: "max-tokens", Default: 4000, Doc: "budget for all listed descriptions, in estimated tokens (characters / 4)"}},
		Title:   "descriptions that together cost more context than the budget",
		Doc: doc(`Every session starts with the descriptions of all model-invocable commands and
skills and of all agents in context. This rule adds them up (about four characters a token)
and compares them with a budget. Components with disable-model-invocation: true are not
listed and not counted. Off by default.`,
			"40 skills with 600-character descriptions (~6,000 tokens)", "short descriptions; rarely used skills set disable-model-invocation: true"),
		Requires: []lint.Analyzer{facts.Frontmatter},
		Check: func(pass *lint.Pass) {
			total := 0
			for _, f := range pass.Plugin.OfKind(snapshot.KindCommand, snapshot.KindSkill, snapshot.KindAgent) {
				if f.Kind != snapshot.KindAgent && facts.Frontmatter.Of(pass, f).IsTrue("disable-model-invocation") {
					continue
				}
				d, _ := listingText(f)
				total += utf8.RuneCountInString(d)
			}
			if tok, max := total/4, pass.Int("max-tokens"); tok > max {
				at := snapshot.Loc{}
				if m := pass.Plugin.Manifest(); m != nil {
					at = m.Whole()
				}
				pass.Reportf(at, "shorten descriptions or mark rarely used skills disable-model-invocation: true",
					"plugin %q lists about %d tokens of descriptions, over the budget of %d", pass.Plugin.Components().Plugin, tok, max)
			}
		},
	},
}

func lineLen(data []byte, off int) int {
	for i := off; i < len(data); i++ {
		if data[i] == '\n' {
			return i - off + 1
		}
	}
	return len(data) - off
}
