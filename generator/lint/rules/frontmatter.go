package rules

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// frontmatterRules give two labelled verdicts (reference §12): "loads"
// rules say Claude Code would not read the frontmatter as the author meant;
// "portable" rules say the YAML is read as meant by Claude Code but not by
// strict YAML parsers (other tools, older Claude Code releases).
func frontmatterRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "FM001", Alias: "frontmatter-missing", Family: famFrontmatter, Severity: lint.Warning, Kinds: componentKinds,
			Title: "loads: component without a frontmatter block",
			Doc: lint.Doc{Why: `Without frontmatter a command, agent or skill has no description: Claude Code
falls back to the first paragraph (commands, skills) or the file name (agents), and Claude
cannot tell when to use it. "claude plugin validate" warns. A file beside a SKILL.md in a
commands folder is not reported: 2.1.330 loads that folder as one command, the SKILL.md, and
registers none of the reference files beside it (seen in its system/init listing).`,
				Bad:         "# Review\nReview the open pull request.",
				Good:        "---\ndescription: Review the open pull request\n---\n# Review\n...",
				Checked:     "2.1.328",
				Consequence: "The component loads without metadata: no description (the first paragraph stands in), no tools or model settings. The validator warns; a likely mistake."},
			Check: func(pass *lint.Pass) {
				// A file beside a SKILL.md in a commands folder is no command:
				// 2.1.330 loads the folder as one (testdata/names/commands-skill-folder
				// in snapshot; a reference.md there is not listed), so it needs no
				// frontmatter.
				if pass.File.Kind == snapshot.KindCommand && pass.Plugin.Components().NameOf(pass.File) == "" {
					return
				}
				fm := pass.File.Frontmatter()
				if !fm.Present && !fm.Hidden && !fm.Unclosed && pass.File.Readable() {
					pass.Reportf(pass.File.Line(1), "add a --- block with at least a description",
						"%s has no frontmatter", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "FM002", Alias: "frontmatter-unclosed", Family: famFrontmatter, Severity: lint.Error, Kinds: componentKinds,
			Title: "loads: frontmatter opened with --- but never closed",
			Doc: lint.Doc{Why: `Without the closing "---" line Claude Code reads no frontmatter at all: the whole
file, YAML included, becomes the body and the description is lost.`,
				Bad:         "---\ndescription: Review a PR\n# Review",
				Good:        "---\ndescription: Review a PR\n---\n# Review",
				Checked:     "2.1.328",
				Consequence: "Claude Code reads no frontmatter: the YAML becomes body text and every setting is lost, so the component loads other than the file means."},
			Check: func(pass *lint.Pass) {
				if fm := pass.File.Frontmatter(); fm.Unclosed {
					pass.Reportf(pass.File.Line(fm.OpenLine), `close the block with a line holding only "---"`,
						"frontmatter of %s is never closed; Claude Code reads none of it", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "FM003", Alias: "frontmatter-not-at-start", Family: famFrontmatter, Severity: lint.Error, Kinds: componentKinds,
			Title: "loads: frontmatter preceded by blank lines or indentation",
			Doc: lint.Doc{Why: `Claude Code only reads frontmatter whose "---" are the very first bytes of the
file. A blank line or indentation before it hides the whole block, which then shows up as body
text ("claude plugin validate" 2.1.330: "No frontmatter block found"). A UTF-8 byte order mark
is not reported: 2.1.330 strips it before looking for the block, and its validator parses
such a block.`,
				Bad:         "\n---\ndescription: Review a PR\n---",
				Good:        "---\ndescription: Review a PR\n---",
				Fix:         `removes the blank lines and indentation (and a byte order mark before them) ahead of the first "---".`,
				Consequence: "The frontmatter is not read and shows up as body text: the component loads other than the file means.",
				Checked:     "2.1.330"},
			Check: func(pass *lint.Pass) {
				if fm := pass.File.Frontmatter(); fm.Hidden {
					reportWith(pass, leadingFix(pass.File), pass.File.Line(fm.OpenLine), `remove everything before the first "---"`,
						"frontmatter of %s does not start at the first byte of the file; Claude Code ignores it", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "FM004", Alias: "frontmatter-invalid-yaml", Family: famFrontmatter, Severity: lint.Error, Kinds: componentKinds,
			Title: "loads: frontmatter YAML that Claude Code cannot parse",
			Doc: lint.Doc{Why: `When the YAML cannot be parsed even after Claude Code's repair, the component loads
with empty metadata: no description, no tools, no model (agents keep only the file name).
The repair (2.1.330, read from the release's loader) double-quotes every "key: value" line
whose value holds one of {}[]*&#!|>%@` + "`" + ` or ": ", then turns leading tabs into spaces;
plugforge applies the same repair, and on 27 probe files fires exactly where
"claude plugin validate" 2.1.330 reports "loads with empty metadata". Typical causes left:
an unclosed quote, a value continued on an indented line that holds ": ", a quoted value
followed by more text, a quoted value continued on a line not indented past its key (column 0
for a top-level key: yaml.v3 takes it, 2.1.330 refuses it; recorded in the names fixture
frontmatter-yaml). A command or skill loses its description with the rest, and 2.1.330
offers the model only those that have one: it is still typed as /name, but never offered (the
run FM004-offered). Control characters, NEL and U+2028 in a value are not a cause: 2.1.330 reads
them, though yaml.v3 refuses them, and plugforge reads them as 2.1.330 does. The repair skips
every line that ends in CRLF (observed, names fixture frontmatter-yaml-crlf): in a CRLF file
"description: Use this: for x" is not quoted, does not parse, and the metadata is lost.`,
				Bad:         "---\ndescription: \"Review a PR\n---",
				Good:        "---\ndescription: \"Review a PR\"\n---",
				Fix:         "only where the file's CRLF line ends alone stop Claude Code's repair: double-quotes those values as the repair would in an LF file.",
				Consequence: "The component loads with empty metadata (agents keep only their file name; a command or skill is not offered to the model): other than the file means.",
				Checked:     "2.1.330"},
			Check: func(pass *lint.Pass) {
				fm := pass.File.Frontmatter()
				if fm.Present && fm.Err != nil && !fm.Repaired {
					// A command or skill without a description is left out of what
					// the model is offered (FM004-offered), the loss that matters.
					then := ""
					switch pass.File.Kind {
					case snapshot.KindSkill:
						then = ", so the model is never told of the skill"
					case snapshot.KindCommand:
						then = ", so the model is never told of the command"
					}
					if len(fm.CRLines) > 0 {
						// the LF form of the file would load: say it is the line ends
						reportWith(pass, crRepairFix(pass.File, fm.CRLines), pass.File.Line(fm.CRLines[0]), "quote the value",
							"frontmatter of %s is not valid YAML (%s); Claude Code loads it with empty metadata%s: its repair, which quotes such a value, skips lines that end in CRLF", pass.Name(pass.File), fm.Err, then)
						return
					}
					pass.Reportf(pass.File.Line(fm.ErrLine), "fix the YAML; quote values that contain ': ', '#', '[' or start with a symbol",
						"frontmatter of %s is not valid YAML (%s); Claude Code loads it with empty metadata%s", pass.Name(pass.File), fm.Err, then)
				}
			},
		},
		{
			ID: "FM005", Alias: "frontmatter-needs-repair", Family: famFrontmatter, Severity: lint.Warning, Kinds: componentKinds,
			Title: "portable: frontmatter value that only Claude Code's YAML repair accepts",
			Doc: lint.Doc{Why: `A plain value such as "a: b", "[draft" or "@owner" is invalid YAML. Claude Code
2.1.330 retries the parse with such values quoted and loads the file as meant ("claude plugin
validate" accepts it too), but strict YAML parsers reject it, and older Claude Code releases
(2.1.197 was probed) load the component with empty metadata.`,
				Bad:         "---\ndescription: Review: finds bugs\n---",
				Good:        "---\ndescription: \"Review: finds bugs\"\n---",
				Fix:         "double-quotes the value exactly as Claude Code's repair does, so every parser reads what Claude Code reads.",
				Checked:     "2.1.330",
				Consequence: "Claude Code 2.1.330 repairs the value and loads the file as meant; strict YAML parsers and older releases (2.1.197) do not. A portability warning, not an error."},
			Check: func(pass *lint.Pass) {
				fm := pass.File.Frontmatter()
				if !fm.Repaired {
					return
				}
				for _, l := range fm.RepairedLines {
					reportWith(pass, repairFix(pass.File, l), pass.File.Line(l), "quote the value",
						"frontmatter of %s has a value that is not valid YAML; only newer Claude Code releases repair it", pass.Name(pass.File))
				}
			},
		},
		{
			ID: "FM006", Alias: "frontmatter-not-mapping", Family: famFrontmatter, Severity: lint.Error, Kinds: componentKinds,
			Title: "loads: frontmatter that is a list or a scalar, not key: value pairs",
			Doc: lint.Doc{Why: `Frontmatter must be a YAML mapping. A list or a bare string is rejected and the
component loads with empty metadata.`,
				Bad:         "---\n- description: Review a PR\n---",
				Good:        "---\ndescription: Review a PR\n---",
				Checked:     "2.1.328",
				Consequence: "The validator refuses it and the component loads with empty metadata."},
			Check: func(pass *lint.Pass) {
				fm := pass.File.Frontmatter()
				if fm.Root != nil && fm.Root.Kind != yaml.MappingNode {
					pass.Reportf(nodeLoc(pass.File, fm.Root), "write the frontmatter as key: value lines",
						"frontmatter of %s is a %s, not a mapping", pass.Name(pass.File), nodeKind(fm.Root))
				}
			},
		},
		{
			ID: "FM007", Alias: "frontmatter-list-as-text", Family: famFrontmatter, Severity: lint.Warning, Kinds: componentKinds,
			Title: "portable: text field written as an unquoted YAML list",
			Doc: lint.Doc{Why: `argument-hint: [pr-number] is a YAML list in every strict parser. Claude Code
repairs it into the text "[pr-number]", other tools see a list.`,
				Bad:         "---\nargument-hint: [pr-number]\n---",
				Good:        "---\nargument-hint: \"[pr-number]\"\n---",
				Fix:         "double-quotes a one-line list as written, brackets included.",
				Checked:     "2.1.328",
				Consequence: "Claude Code reads a list where text was meant and shows it flattened or not at all; a likely mistake."},
			Check: func(pass *lint.Pass) {
				for _, key := range []string{"argument-hint"} {
					if _, v := pass.File.Frontmatter().Get(key); v != nil && v.Kind == yaml.SequenceNode {
						reportWith(pass, listTextFix(pass.File, v), nodeLoc(pass.File, v), "quote the value",
							"%s of %s is a YAML list, not text", key, pass.Name(pass.File))
					}
				}
			},
		},
		{
			ID: "FM008", Alias: "frontmatter-duplicate-key", Family: famFrontmatter, Severity: lint.Warning, Kinds: componentKinds,
			Title: "portable: frontmatter key given twice",
			Doc: lint.Doc{Why: `Claude Code keeps the last of two equal keys; strict YAML parsers reject the
document. Either way one of the values is silently dead.`,
				Bad:         "---\ndescription: Review\ndescription: Review a PR\n---",
				Good:        "---\ndescription: Review a PR\n---",
				Checked:     "2.1.328",
				Consequence: "One of the two values is silently lost; a likely mistake."},
			Check: func(pass *lint.Pass) {
				fm := pass.File.Frontmatter()
				if !fm.Mapping() {
					return
				}
				seen := map[string]bool{}
				c := fm.Root.Content
				for i := 0; i+1 < len(c); i += 2 {
					if seen[c[i].Value] {
						pass.Reportf(nodeLoc(pass.File, c[i]), "keep one of the two",
							"key %q appears twice in the frontmatter of %s", c[i].Value, pass.Name(pass.File))
					}
					seen[c[i].Value] = true
				}
			},
		},
		{
			ID: "FM009", Alias: "frontmatter-anchor", Family: famFrontmatter, Severity: lint.Warning, Kinds: componentKinds,
			Title: "portable: YAML anchors, aliases or merge keys in frontmatter",
			Doc: lint.Doc{Why: `Anchors (&x), aliases (*x) and merge keys (<<) are rarely supported by
frontmatter readers, make values hard to review, and are the vehicle of "billion laughs"
documents. Frontmatter is a handful of keys: write them out. Reported once per file, at the
first anchor or alias, with the counts.`,
				Bad:         "---\ndescription: &d Review a PR\nwhen_to_use: *d\n---",
				Good:        "---\ndescription: Review a PR\nwhen_to_use: Review a PR\n---",
				Consequence: "Claude Code resolves the aliases, but other YAML readers and reviewers see something else; a portability warning.",
				Checked:     "2.1.328"},
			Check: func(pass *lint.Pass) {
				fm := pass.File.Frontmatter()
				if fm.Root == nil {
					return
				}
				// one cause, one finding: a document built on one anchor used a
				// hundred times gets one line, at the first use, with the counts
				var first *yaml.Node
				anchors, aliases := 0, 0
				walkYAML(fm.Root, func(n *yaml.Node) {
					switch {
					case n.Anchor != "":
						anchors++
					case n.Kind == yaml.AliasNode:
						aliases++
					case n.Tag != "!!merge":
						return
					}
					if first == nil || n.Line < first.Line || n.Line == first.Line && n.Column < first.Column {
						first = n
					}
				})
				if first != nil {
					pass.Reportf(nodeLoc(pass.File, first), "write the values out instead",
						"frontmatter of %s uses YAML anchors or aliases (%d %s, %d %s)", pass.Name(pass.File),
						anchors, plural(anchors, "anchor"), aliases, plural(aliases, "alias"))
				}
			},
		},
		frontmatterClosedEarly(),
	}
}

func nodeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.ScalarNode:
		return "scalar"
	case yaml.AliasNode:
		return "alias"
	}
	return "mapping"
}

// walkYAML visits every node once (aliases are not followed).
func walkYAML(n *yaml.Node, fn func(*yaml.Node)) {
	var rec func(*yaml.Node, int)
	rec = func(n *yaml.Node, depth int) {
		if n == nil || depth > 100 {
			return
		}
		fn(n)
		for _, c := range n.Content {
			rec(c, depth+1)
		}
	}
	rec(n, 0)
}

// plural is word for n of it: anchor → anchors, alias → aliases.
func plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "s"):
		return word + "es"
	}
	return word + "s"
}
