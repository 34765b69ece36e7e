package rules

import (
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
)

// lostKeyRE finds the top-level keys of the text an early close cuts off.
var lostKeyRE = regexp.MustCompile(`(?m)^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:`)

// frontmatterClosedEarly: 2.1.330 ends the block at the first "---" after
// the opening line, wherever it stands, so "--- Apache-2.0" or a name such
// as "e---f" ends it there and what follows is read as body.
func frontmatterClosedEarly() lint.Rule {
	return lint.Rule{
		ID: "FM010", Alias: "frontmatter-closed-early", Family: famFrontmatter, Severity: lint.Warning, Kinds: componentKinds,
		Title: `loads: a "---" inside a frontmatter line ends the block there`,
		Doc: lint.Doc{Why: `Claude Code 2.1.330 ends the frontmatter at the first "---" after the opening
line, not at the next line that is only "---" (its loader matches /^---\s*\n([\s\S]*?)---\s*\n?/;
recorded in the names fixture frontmatter-close of the snapshot package). "--- Apache-2.0",
"----", "---x", an indented "---" in a block scalar and "name: e---f" all close the block
where the three hyphens stand; the rest of that line and every key up to the "---" the author
meant become body text. A skill or command whose description is cut off this way is still
typed as /name but not offered to the model (FM004-offered; the fixture's e---f and
text-after skills). "..." does not close the block. Reported as a warning: the run that shows
the loss is a listing, not a failed task.`,
			Bad:         "---\ndescription: Send mail\n--- Apache-2.0\nlicense: Apache-2.0\n---",
			Good:        "---\ndescription: Send mail\nlicense: Apache-2.0\n---",
			Consequence: "Claude Code drops the keys after the marker and reads them as body; a skill or command that loses its description is not offered to the model.",
			Checked:     "2.1.330"},
		Check: func(pass *lint.Pass) {
			fm := pass.File.Frontmatter()
			if !fm.Present || !fm.EarlyClose {
				return
			}
			lost := "the rest of the line becomes body text"
			var keys []string
			for _, m := range lostKeyRE.FindAllSubmatch(fm.Lost, -1) {
				keys = append(keys, string(m[1]))
			}
			if len(keys) > 0 {
				lost = "the keys after it (" + strings.Join(keys, ", ") + ") are read as body text, not frontmatter"
			}
			pass.Reportf(pass.File.Line(fm.CloseLine), `keep "---" out of frontmatter lines; only the closing line may hold it`,
				`frontmatter of %s ends at the "---" on this line for Claude Code; %s`, pass.Name(pass.File), lost)
		},
	}
}
