package facts

import (
	"strings"
	"testing"
)

// Each case is a line of a skill in our own words, with the link the
// judgement is about, and whether the model is sent there. The cases come
// in pairs where they can: the same file as a step and as a pointer.
func TestLinkSending(t *testing.T) {
	for _, c := range []struct {
		name, body, dest string
		want             Sending
	}{
		{"step to read", "Read [rules.md](rules.md) before you write.\n", "rules.md", Sent},
		{"template to use", "Use the template at [brief.md](templates/brief.md).\n", "templates/brief.md", Sent},
		{"numbered step", "1. Fill in [form.md](form.md), then go on.\n", "form.md", Sent},
		{"see for the steps", "See [steps.md](steps.md) for the detailed steps.\n", "steps.md", Sent},
		{"see then an instruction", "See [syntax.md](syntax.md) for the syntax. Double-check it when unsure.\n", "syntax.md", Sent},
		{"for more, see", "For more on tone, see [tone.md](tone.md).\n", "tone.md", Pointer},
		{"label then see", "**For headline ideas**: See [ideas.md](ideas.md)\n", "ideas.md", Pointer},
		{"see for more", "See [faq.md](faq.md) for more details.\n", "faq.md", Pointer},
		{"parenthetical see", "Keep it short (see [style.md](style.md)) and plain.\n", "style.md", Pointer},
		{"parenthetical 详见", "按主题拆分（详见 [plan.md](plan.md)）。\n", "plan.md", Pointer},
		{"if it exists", "See [Contributing](contributing.md) (if exists)\n", "contributing.md", Pointer},
		{"citation", "The format is as defined in [spec.md](spec.md).\n", "spec.md", Pointer},
		{"related list", "Write it.\n\n## Related Skills\n\n- [Minutes](../minutes/SKILL.md)\n", "../minutes/SKILL.md", Pointer},
		{"related list with a step", "Write it.\n\n## Related Skills\n\n- Load [Minutes](../minutes/SKILL.md) first\n", "../minutes/SKILL.md", Sent},
		{"references list mid-document", "## References\n\n- [guide.md](guide.md) - the guide\n\n## Steps\n\nWrite.\n", "guide.md", Pointer},
		{"reference files table with steps", "## Reference Files\n\n| [techniques.md](techniques.md) | Step 3 - the techniques |\n", "techniques.md", Sent},
		{"reference label", "Reference: [core.ts](../core.ts) `click`.\n", "../core.ts", Pointer},
		{"alternatives table", "| Use this when | Use instead |\n|---|---|\n| drafts | [edit](../edit/SKILL.md) |\n", "../edit/SKILL.md", Routed},
		{"heading label", "### Capabilities ([caps.json](caps.json))\n", "caps.json", Pointer},
		{"image", "![flow](img/flow.png)\n", "img/flow.png", Pointer},
		{"placeholder word", "| Docs | [设计稿](链接) |\n", "链接", Pointer},
		{"if you, see", "> If you meet a field you do not know, see [fields.md](fields.md).\n", "fields.md", Pointer},
		{"if, read", "If the form is empty, read [empty.md](empty.md) first.\n", "empty.md", Sent},
		{"when, use", "When the brief is long, use [long.md](long.md).\n", "long.md", Sent},
		{"see also in prose", "The order is fixed. See also [order.md](order.md).\n", "order.md", Pointer},
		{"see also over a line break", "The order is fixed by the schema. See also\n[order.md](order.md).\n", "order.md", Pointer},
		{"closing link list in any language", "Write it.\n\n## 関連\n\n- **[maps](../maps/SKILL.md)**: 地図\n", "../maps/SKILL.md", Pointer},
		{"closing index with a name unlinked", "Write it.\n\n## 関連\n\n- **kit:maps**: 地図\n- **[maps](../maps/SKILL.md)**: 地図\n- **[roads](../roads/SKILL.md)**: 道\n", "../maps/SKILL.md", Pointer},
		{"closing table of links", "Write it.\n\n## Guides\n\nKey guides:\n\n| Topic | Guide |\n|---|---|\n| Soil | [soil.md](soil.md) |\n| Seeds | [seeds.md](seeds.md) |\n", "soil.md", Pointer},
		{"closing list with a step in it", "Write it.\n\n## Next\n\n- Before you start, read [soil.md](soil.md)\n", "soil.md", Sent},
		{"index table routed by later steps", "## Guides\n\n| Topic | Guide |\n|---|---|\n| Soil | [soil.md](soil.md) |\n\n## Soil\n\nUse [soil.md](soil.md) when you dig.\n", "soil.md", Sent},
		{"list of points is no pointer list", "## Notes\n\n- Water daily\n- [soil.md](soil.md)\n", "soil.md", Sent},
		{"closing footer", "Write it.\n\n---\n\n**Version:** 2\n**Source:** [spec.md](../../spec.md)\n", "../../spec.md", Pointer},
		{"file:line in an output format", "Name the place, like this:\n[app.go:42](src/app.go#L42).\n", "src/app.go#L42", Pointer},
		{"a step to a line", "Read [app.go:42](src/app.go#L42) first.\n", "src/app.go#L42", Sent},
		{"a list item does not continue the line above", "See also the notes.\n- Read [order.md](order.md).\n", "order.md", Sent},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := plugin(map[string]string{"skills/brief/SKILL.md": "---\nname: brief\ndescription: d\n---\n" + c.body})
			f := p.File("skills/brief/SKILL.md")
			found := false
			for _, l := range f.Markdown().Links() {
				if l.Dest != c.dest {
					continue
				}
				found = true
				if got := LinkSending(f, l); got != c.want {
					t.Errorf("%q: got %d, want %d", strings.TrimSpace(c.body), got, c.want)
				}
			}
			if !found {
				t.Fatalf("no link to %q in %q", c.dest, c.body)
			}
		})
	}
}

// A page copied from a documentation site links its sibling pages by slug;
// a skill's own reference file does not.
func TestMirroredPage(t *testing.T) {
	p := plugin(map[string]string{
		"skills/spec/SKILL.md":             "---\nname: spec\ndescription: d\n---\nRead [the page](references/cancel.md).\n",
		"skills/spec/references/cancel.md": "For [tasks](./tasks), use [the lifecycle](../basic/lifecycle#init).\n",
		"skills/spec/references/notes.md":  "Read [tasks.md](tasks.md) and [lifecycle.md](lifecycle.md).\n",
	})
	if !MirroredPage(p.File("skills/spec/references/cancel.md")) {
		t.Error("a page linking two slugs is not read as mirrored")
	}
	if MirroredPage(p.File("skills/spec/references/notes.md")) || MirroredPage(p.File("skills/spec/SKILL.md")) {
		t.Error("a reference file linking files, or a component, is read as mirrored")
	}
}

// A dead link whose text or path still names what the plugin ships.
func TestLinkMeant(t *testing.T) {
	p := plugin(map[string]string{
		"skills/forms/SKILL.md": "---\nname: forms\ndescription: d\n---\n" +
			"Use [form-fields](skills/form-fields/SKILL.md).\n" +
			"Use the [`speller` skill](../../../kit/skills/speller/).\n" +
			"Use [forms](reference/forms.md).\n" +
			"Use [guide.md](../../kit/guide.md).\n",
		"skills/form-fields/SKILL.md": "---\nname: form-fields\ndescription: d\n---\nFields.\n",
	})
	f := p.File("skills/forms/SKILL.md")
	want := map[string]string{
		"skills/form-fields/SKILL.md":  "skills/form-fields/SKILL.md", // named, and written from the root
		"../../../kit/skills/speller/": "skill speller",               // another plugin's skill, by name
		"reference/forms.md":           "",                            // a page sharing the skill's name
		"../../kit/guide.md":           "",
	}
	for _, l := range f.Markdown().Links() {
		if got := LinkMeant(p, f, l); got != want[l.Dest] {
			t.Errorf("LinkMeant(%q) = %q, want %q", l.Dest, got, want[l.Dest])
		}
	}
}

// A reference page's link to a page that was merged into the folder under
// a prefix reaches the one page the name can mean; a skill's own link, or
// a name two pages could mean, does not.
func TestLinkMeantRenamed(t *testing.T) {
	p := plugin(map[string]string{
		"skills/garden/SKILL.md": "---\nname: garden\ndescription: d\n---\nRead [soil.md](references/SOIL.md).\n",
		"skills/garden/references/GARDEN-GUIDE.md": "# Guide\n\n- [WATERING.md](./WATERING.md)\n- [references/SOIL.md](references/SOIL.md)\n" +
			"- [PESTS.md](./PESTS.md)\n- [SEEDS.md](./SEEDS.md)\n",
		"skills/garden/references/BED-WATERING.md": "# Watering\n",
		"skills/garden/references/BED-SOIL.md":     "# Soil\n",
		"skills/garden/references/A-PESTS.md":      "# Pests A\n",
		"skills/garden/references/B-PESTS.md":      "# Pests B\n",
		"skills/garden/references/OLDSEEDS.md":     "# Seeds\n",
	})
	for file, want := range map[string]map[string]string{
		"skills/garden/references/GARDEN-GUIDE.md": {
			"./WATERING.md":      "skills/garden/references/BED-WATERING.md", // renamed with a prefix in the same folder
			"references/SOIL.md": "skills/garden/references/BED-SOIL.md",     // written from the skill, renamed
			"./PESTS.md":         "",                                         // two pages could be meant
			"./SEEDS.md":         "",                                         // a longer word, not a prefix
		},
		"skills/garden/SKILL.md": {"references/SOIL.md": ""}, // a step names its file exactly
	} {
		f := p.File(file)
		for _, l := range f.Markdown().Links() {
			if got := LinkMeant(p, f, l); got != want[l.Dest] {
				t.Errorf("%s: LinkMeant(%q) = %q, want %q", file, l.Dest, got, want[l.Dest])
			}
		}
	}
}
