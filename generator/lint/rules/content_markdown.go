package rules

import (
	"bytes"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// contentMarkdownRules check markdown bodies: length, fences, headings,
// template leftovers, home paths, empty sections.
func contentMarkdownRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "CT003", Alias: "skill-too-long", Family: famContent, Severity: lint.Warning, Kinds: kinds(snapshot.KindSkill),
			Options: []lint.Option{{Name: "max-lines", Default: 500, Doc: "SKILL.md must be shorter than this"}},
			Title:   "SKILL.md of 500 lines or more",
			Doc: lint.Doc{Why: `A skill's SKILL.md is loaded whole when the skill triggers; Anthropic's guidance
keeps it under 500 lines and moves detail into reference files it links, read on demand.`,
				Bad:         "skills/pdf/SKILL.md (800 lines)",
				Good:        "skills/pdf/SKILL.md (120 lines) + skills/pdf/reference/forms.md",
				Checked:     "2.1.328",
				Consequence: "The whole skill loads into context on every use; a likely cost problem."},
			Check: func(pass *lint.Pass) {
				if n := pass.File.NumLines(); n >= pass.Int("max-lines") {
					pass.Reportf(pass.File.Whole(), "move detail into linked reference files",
						"SKILL.md of %s has %d lines; keep it under %d", pass.Name(pass.File), n, pass.Int("max-lines"))
				}
			},
		},
		{
			ID: "CT004", Alias: "fence-unclosed", Family: famContent, Severity: lint.Warning, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "code fence that is never closed",
			Doc: lint.Doc{Why: `A fence that is never closed runs to the end of the document (CommonMark): headings,
instructions and later code blocks all read as one literal example. Fences are found by
goldmark's CommonMark parser, not by a line scan: a "` + "```" + `" line indented four or more
spaces inside an open fence is content, and a fence opened in a list item or quote ends
with it, so neither is reported. A warning, not an error: Claude Code 2.1.330 does not
parse markdown when it loads a component (its only body scans are the raw regexes for
"!` + "`cmd`" + `" and "` + "```!" + `" shell blocks), so the file loads as written; what changes is how
the model reads it.`,
				Bad:         "```bash\nnpm test\n## Next step",
				Good:        "```bash\nnpm test\n```\n## Next step",
				Consequence: "The file loads as written; the model reads everything after the fence as one literal example. A likely mistake.",
				Checked:     "2.1.330"},
			Check: func(pass *lint.Pass) {
				for _, fe := range pass.File.Markdown().Fences {
					if fe.ToEnd {
						pass.Reportf(pass.File.Line(fe.Line), "close the fence with a matching line of backticks or tildes",
							"code fence opened on line %d is never closed", fe.Line)
					}
				}
			},
		},
		{
			ID: "CT005", Alias: "heading-jump", Family: famContent, Severity: lint.Info, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "heading more than one level deeper than the previous one",
			Doc: lint.Doc{Why: `Heading levels give a prompt its structure (and let tools extract sections);
jumping from ## to #### suggests a lost level and breaks section extraction.`,
				Bad:         "## Steps\n#### Step 1",
				Good:        "## Steps\n### Step 1",
				Checked:     "2.1.328",
				Consequence: "The model and the reader get an uneven outline; style."},
			Check: func(pass *lint.Pass) {
				prev := 0
				for _, h := range pass.File.Markdown().Headings {
					if prev > 0 && h.Level > prev+1 {
						pass.Reportf(pass.File.At(h.Offset), "use the next level down",
							"heading %s jumps from level %d to %d", lint.Quote(h.Text), prev, h.Level)
					}
					prev = h.Level
				}
			},
		},
		{
			ID: "CT006", Alias: "template-leftover", Family: famContent, Severity: lint.Error, Scope: lint.Generated,
			Kinds:   append(append([]snapshot.Kind{}, markdownKinds...), jsonKinds...),
			Options: []lint.Option{{Name: "patterns", Default: []string{"{{", "{%", "<%="}, Doc: "opening template delimiters that must not survive rendering"}},
			Title:   "template syntax left in a rendered file",
			Doc: lint.Doc{Why: `Generated plugins (plugforge renders plugin-src templates into dist/) must not
ship template delimiters: a "{{ .Name }}" left in a prompt is read literally by the model.
Only opening delimiters are looked for ("}}" also closes nested JSON objects).
Inline code and code blocks whose info string names a template language are
skipped: that is where documentation shows template syntax on purpose.
"Unrendered" only means something in a file plugforge rendered, so the rule looks only at
files the variant's .plugforge-manifest.json lists: in a hand-written plugin "{{" is JSX
(value={{ … }}), n8n ({{$json.x}}), GitHub Actions (${{ … }}), Helm or Jinja that a skill
teaches.`,
				Bad:         "Review {{ .Feature }} carefully.",
				Good:        "Review the feature carefully.",
				Checked:     "2.1.328",
				Consequence: "The model reads the delimiters literally: the prompt says something other than its source meant."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				var md *snapshot.Markdown
				if f.Kind.IsMarkdown() {
					md = f.Markdown()
				}
				reported := map[int]bool{}
				for _, p := range pass.Strings("patterns") {
					if p == "" {
						continue
					}
					for off := 0; off < len(f.Data); {
						i := bytes.Index(f.Data[off:], []byte(p))
						if i < 0 {
							break
						}
						at := off + i
						off = at + len(p)
						line := f.PosOf(at).Line
						if reported[line] || md != nil && (inTemplateFence(md, at) || md.InCodeSpan(at)) {
							continue
						}
						reported[line] = true
						pass.Reportf(f.At(at), "render or remove the template syntax", "%q looks like unrendered template syntax", p)
					}
				}
			},
		},
		{
			ID: "CT007", Alias: "home-path", Family: famContent, Severity: lint.Warning, Scope: lint.Loaded,
			Kinds: append(append(append([]snapshot.Kind{}, markdownKinds...), jsonKinds...), scriptKinds...),
			Title: "absolute path into someone's home directory",
			Doc: lint.Doc{Why: `"/Users/jane/…" or "/home/jane/…" works on the author's machine only, and leaks
a user name. Use ${CLAUDE_PLUGIN_ROOT} for plugin files, ~ or $HOME for the user's.`,
				Bad:         "Read /Users/jane/notes/style.md first.",
				Good:        "Read ${CLAUDE_PLUGIN_ROOT}/docs/style.md first.",
				Checked:     "2.1.328",
				Consequence: "The path exists only on the author's machine: whatever uses it fails elsewhere. A likely mistake."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				if f.Kind == snapshot.KindOther || f.Kind == snapshot.KindSkillFile {
					if !facts.IsShellScript(f) {
						return
					}
				}
				for _, m := range homePathNeedles.FindAll(homePathRE, f) {
					if !placeholderUsers[string(f.Data[m[2]:m[3]])] {
						pass.Reportf(f.At(m[0]), "use ${CLAUDE_PLUGIN_ROOT}, ~ or $HOME instead",
							"%q is an absolute path into a home directory", string(f.Data[m[0]:m[1]]))
					}
				}
			},
		},
		{
			ID: "CT008", Alias: "section-empty", Family: famContent, Severity: lint.Info, Scope: lint.Loaded, Kinds: markdownKinds,
			Title: "heading followed directly by a heading of the same or a higher level",
			Doc: lint.Doc{Why: `An empty section is usually content lost in an edit (or a template that rendered
nothing); the model sees a promise of instructions that are not there.`,
				Bad:         "## Review steps\n## Output format",
				Good:        "## Review steps\n1. Read the diff.\n## Output format",
				Checked:     "2.1.328",
				Consequence: "An empty section; style."},
			Check: func(pass *lint.Pass) {
				f := pass.File
				hs := f.Markdown().Headings
				for i := 0; i+1 < len(hs); i++ {
					a, b := hs[i], hs[i+1]
					if b.Level > a.Level {
						continue
					}
					end := a.Offset + lineLen(f.Data, a.Offset)
					if end <= b.Offset && len(bytes.TrimSpace(f.Data[end:b.Offset])) == 0 {
						pass.Reportf(f.At(a.Offset), "write the section or remove the heading", "section %s is empty", lint.Quote(a.Text))
					}
				}
			},
		},
	}
}

var templateLangs = lazyre.New(`(?i)^(go-?template|gotmpl|tmpl|jinja2?|j2|handlebars|hbs|mustache|liquid|helm|twig|django|erb|ejs)\b`)

func inTemplateFence(md *snapshot.Markdown, off int) bool {
	for _, fe := range md.Fences {
		if off >= fe.Offset && off < fe.ContentEnd && templateLangs.MatchString(fe.Info) {
			return true
		}
	}
	return false
}

var (
	homePathRE      = lazyre.New(`(?:/Users/|/home/|[A-Za-z]:\\Users\\)([A-Za-z0-9._-]+)`)
	homePathNeedles = facts.NewNeedles("/Users/", "/home/", `:\Users\`)
)

var placeholderUsers = map[string]bool{"user": true, "username": true, "you": true, "me": true, "name": true,
	"your-name": true, "yourname": true, "example": true, "someone": true, "USER": true, "USERNAME": true, "x": true}

func lineLen(data []byte, off int) int {
	for i := off; i < len(data); i++ {
		if data[i] == '\n' {
			return i - off + 1
		}
	}
	return len(data) - off
}
