package rules

import (
	"bytes"
	"regexp"
	"unicode/utf8"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// listingText is what Claude Code lists for a component at start-up:
// its description (and a skill's when_to_use).
func listingText(f *snapshot.File) (string, *snapshot.Loc) {
	d, ok := f.Frontmatter().String("description")
	if !ok {
		return "", nil
	}
	if w, ok := f.Frontmatter().String("when_to_use"); ok {
		d += " " + w
	}
	loc := fmKeyLoc(f, "description")
	return d, &loc
}

var contentRules = []lint.Rule{
	{
		ID: "CT001", Alias: "skill-description-long", Family: famContent, Severity: lint.Warning, Kinds: kinds(snapshot.KindSkill),
		Options: []lint.Option{{Name: "max", Default: 1024, Doc: "longest description, in characters"}},
		Title:   "skill description longer than the Agent Skills standard allows",
		Doc: doc(`The Agent Skills standard caps a skill description at 1,024 characters; other
agents that read skills may reject or cut a longer one. Claude Code cuts at 1,536 (CT002).`,
			"description: <1,200 characters>", "description: <what it does and when to use it, under 1,024 characters>"),
		Check: func(pass *lint.Pass) {
			d, loc := listingText(pass.File)
			n := utf8.RuneCountInString(d)
			if loc != nil && n > pass.Int("max") && n <= 1536 {
				pass.Reportf(*loc, "shorten the description", "description of %s is %d characters, over %d", pass.Name(pass.File), n, pass.Int("max"))
			}
		},
	},
	{
		ID: "CT002", Alias: "description-truncated", Family: famContent, Severity: lint.Warning, Kinds: componentKinds,
		Title: "description longer than Claude Code lists (1,536 characters)",
		Doc: doc(`Claude Code lists every command's, skill's and agent's description at start-up
and cuts each at 1,536 characters (description plus when_to_use): the rest never reaches the
model, and what does costs context in every session.`,
			"description: <2,000 characters>", "description: <under 1,536 characters; details go in the body>"),
		Check: func(pass *lint.Pass) {
			d, loc := listingText(pass.File)
			if n := utf8.RuneCountInString(d); loc != nil && n > 1536 {
				pass.Reportf(*loc, "shorten the description and move details into the body",
					"description of %s is %d characters; Claude Code cuts it at 1536", pass.Name(pass.File), n)
			}
		},
	},
	{
		ID: "CT003", Alias: "skill-too-long", Family: famContent, Severity: lint.Warning, Kinds: kinds(snapshot.KindSkill),
		Options: []lint.Option{{Name: "max-lines", Default: 500, Doc: "SKILL.md must be shorter than this"}},
		Title:   "SKILL.md of 500 lines or more",
		Doc: doc(`A skill's SKILL.md is loaded whole when the skill triggers; Anthropic's guidance
keeps it under 500 lines and moves detail into reference files it links, read on demand.`,
			"skills/pdf/SKILL.md (800 lines)", "skills/pdf/SKILL.md (120 lines) + skills/pdf/reference/forms.md"),
		Check: func(pass *lint.Pass) {
			if n := pass.File.NumLines(); n >= pass.Int("max-lines") {
				pass.Reportf(pass.File.Whole(), "move detail into linked reference files",
					"SKILL.md of %s has %d lines; keep it under %d", pass.Name(pass.File), n, pass.Int("max-lines"))
			}
		},
	},
	{
		ID: "CT004", Alias: "fence-unclosed", Family: famContent, Severity: lint.Error, Kinds: markdownKinds,
		Title: "code fence that is never closed",
		Doc: doc("An unclosed ``` turns the rest of the file into one code block: headings, "+
			"instructions and later code blocks all become literal text the model reads as an example.",
			"```bash\nnpm test\n## Next step", "```bash\nnpm test\n```\n## Next step"),
		Check: func(pass *lint.Pass) {
			for _, fe := range pass.File.Markdown().Fences {
				if !fe.Closed {
					pass.Reportf(pass.File.Line(fe.Line), "close the fence with a matching line of backticks or tildes",
						"code fence opened on line %d is never closed", fe.Line)
				}
			}
		},
	},
	{
		ID: "CT005", Alias: "heading-jump", Family: famContent, Severity: lint.Warning, Kinds: markdownKinds,
		Title: "heading more than one level deeper than the previous one",
		Doc: doc(`Heading levels give a prompt its structure (and let tools extract sections);
jumping from ## to #### suggests a lost level and breaks section extraction.`,
			"## Steps\n#### Step 1", "## Steps\n### Step 1"),
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
		ID: "CT006", Alias: "template-leftover", Family: famContent, Severity: lint.Error,
		Kinds:   append(append([]snapshot.Kind{}, markdownKinds...), jsonKinds...),
		Options: []lint.Option{{Name: "patterns", Default: []string{"{{", "{%", "<%="}, Doc: "opening template delimiters that must not survive rendering"}},
		Title:   "template syntax left in a rendered file",
		Doc: doc(`Generated plugins (plugforge renders plugin-src templates into dist/) must not
ship template delimiters: a "{{ .Name }}" left in a prompt is read literally by the model.
Only opening delimiters are looked for ("}}" also closes nested JSON objects).
Inline code and code blocks whose info string names a template language are
skipped: that is where documentation shows template syntax on purpose.`,
			"Review {{ .Feature }} carefully.", "Review the feature carefully."),
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
}

var templateLangs = regexp.MustCompile(`(?i)^(go-?template|gotmpl|tmpl|jinja2?|j2|handlebars|hbs|mustache|liquid|helm|twig|django|erb|ejs)\b`)

func inTemplateFence(md *snapshot.Markdown, off int) bool {
	for _, fe := range md.Fences {
		if off >= fe.Offset && off < fe.ContentEnd && templateLangs.MatchString(fe.Info) {
			return true
		}
	}
	return false
}
