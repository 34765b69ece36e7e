package facts

import (
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
)

// TestReadingAt labels lines of the kinds met in public plugins, written
// in our own words: steps the model carries out, asides it reads past,
// history notes and another agent's commands.
func TestReadingAt(t *testing.T) {
	skill := "---\nname: ship\ndescription: Ships a release of the project.\n---\n" +
		"# Ship\n\n" +
		"| Use this skill when... | Use something else instead when... |\n|---|---|\n" +
		"| Tagging a release | Fixing one failing build → `/kit:mend` |\n\n" +
		"## Steps\n\n" +
		"1. Read [the checklist](refs/chekclist.md) before tagging.\n" +
		"2. See [the notes](refs/notes.md) for the version rules.\n" +
		"3. When there are several candidates, tell the user to re-run `/kit:shipit <tag>`.\n\n" +
		"| Case | How |\n|---|---|\n| Hotfix | run `/kit:hotfx` first |\n\n" +
		"Note: `/kit:publish` was removed in 2.0; tagging does it now.\n\n" +
		"Reference: [tags.ts](../../lib/tags.ts) `nextTag`.\n\n" +
		"Adapted from [the old script](../../old/ship.sh).\n\n" +
		"## See Also\n\n" +
		"- `/kit:mend` — repairs a failing build\n" +
		"- Read [the policy](refs/polcy.md) before any force push.\n\n" +
		"## References\n\n" +
		"- [format.md](refs/fromat.md) - the tag format\n"
	history := "---\nname: write\ndescription: Writes notes in the team's voice. Replaces kit:write-short and kit:write-long. Replaced by nothing else.\n---\nUse /kit:draft next.\n"
	other := "---\nname: bridge\ndescription: Connects the zed coding agent to a running server.\n---\n" +
		"## Commands\n\n| Command | Purpose |\n|---|---|\n| `/kit:status` | connection summary |\n"
	port := "---\nname: port\ndescription: Ports plugins to other agents\n---\n" +
		"Find the agents a skill spawns.\n\n**Detection patterns:**\n- `subagent_type: \"{name}\"` (e.g. `subagent_type: \"finder\"`)\n" +
		"- `subagent_type` in prose\n\nScan the skills for `subagent_type` patterns naming the agent (e.g. `subagent_type: \"mapper\"`).\n\n" +
		"Before (our agent):\n```\nSpawn 2 agents with subagent_type: \"walker\"\n```\n\n" +
		"Then spawn the checker:\n```\nsubagent_type: \"checker\"\n```\n\n" +
		"Steps:\n- Launch the helper with subagent_type: \"helper\"\n" +
		"- `/kit:lookup` — search the notes (use to check for known patterns)\n"
	own := "---\nname: ask\ndescription: Hands a task to the zed coding agent and reads its answer\n---\n" +
		"## Commands\n\n- `/zed:ask` — asks the zed agent\n"
	mid := "---\nname: m\ndescription: d\n---\n## References\n\n- [api.md](refs/ap.md) - the endpoints\n\n## Steps\n\nDo it.\n"
	p := plugin(map[string]string{"skills/ship/SKILL.md": skill, "skills/write/SKILL.md": history,
		"skills/bridge/SKILL.md": other, "skills/m/SKILL.md": mid, "skills/port/SKILL.md": port, "skills/ask/SKILL.md": own})
	for _, c := range []struct {
		file, needle string
		n            int
		want         Reading
	}{
		{"ship", "kit:mend", 0, Aside},          // a table of alternatives
		{"ship", "refs/chekclist.md", 0, Acted}, // a step: read it
		{"ship", "refs/notes.md", 0, Acted},     // a step's "see X for …"
		{"ship", "kit:shipit", 0, Acted},        // told to the user as the thing to run
		{"ship", "kit:hotfx", 0, Acted},         // a table that is not about alternatives
		{"ship", "kit:publish", 0, History},     // "was removed"
		{"ship", "../../lib/tags.ts", 0, Aside}, // "Reference: …": a pointer, harmless only if shipped
		{"ship", "../../old/ship.sh", 0, Provenance},
		{"ship", "kit:mend", 1, Aside},       // a See Also list
		{"ship", "refs/polcy.md", 0, Acted},  // told to read, inside the list
		{"ship", "refs/fromat.md", 0, Aside}, // a closing References list
		{"write", "kit:write-short", 0, History},
		{"write", "kit:write-long", 0, History},
		{"write", "kit:draft", 0, Acted},
		{"bridge", "kit:status", 0, OtherTool},
		{"ask", "zed:ask", 0, Acted},  // a plugin named for the agent it drives: its own command
		{"port", "finder", 0, Quoted}, // a list of patterns to detect
		{"port", "mapper", 0, Quoted}, // "scan … for … patterns"
		{"port", "walker", 0, Quoted}, // the Before side of a conversion
		{"port", "checker", 0, Acted}, // a fence that is a step
		{"port", "helper", 0, Acted},  // a list of steps
		{"m", "refs/ap.md", 0, Acted}, // a References list mid-document: the skill's files to open
	} {
		f := p.File("skills/" + c.file + "/SKILL.md")
		if got := ReadingAt(f, at(t, f, c.needle, c.n)); got != c.want {
			t.Errorf("ReadingAt(%s, %q #%d) = %v, want %v", c.file, c.needle, c.n, got, c.want)
		}
	}
}

func TestNearTarget(t *testing.T) {
	p := plugin(map[string]string{
		"skills/rbs/SKILL.md":                "---\nname: rbs\ndescription: d\n---\nx\n",
		"skills/rbs/references/syntax.md":    "x",
		"skills/rbs/references/core/LIST.md": "x",
		"skills/rbs/Examples/basic.md":       "x",
	})
	for target, want := range map[string]bool{
		"skills/rbs/reference/syntax.md":    true, // the folder was renamed
		"skills/rbs/reference/core/LIST.md": true,
		"skills/rbs/examples/basic.md":      true,  // case
		"skills/rbs/reference/types.md":     false, // never shipped
		"skills/other/SKILL.md":             false, // a related skill that does not exist
	} {
		if got := NearTarget(p, target); got != want {
			t.Errorf("NearTarget(%q) = %v, want %v", target, got, want)
		}
	}
}

func TestNearComponent(t *testing.T) {
	p := plugin(map[string]string{
		"skills/kit-commit/SKILL.md": "---\nname: kit-commit\ndescription: d\n---\nx\n",
		"agents/code_reviewer.md":    "---\nname: code_reviewer\ndescription: d\n---\nx\n",
	})
	c := p.Components()
	for name, want := range map[string]bool{
		"commit":        true,  // registers as kit:kit-commit
		"code-reviewer": true,  // dashes and underscores
		"note":          false, // nothing of the kind
		"commits":       false,
	} {
		if got := NearComponent(c, name); got != want {
			t.Errorf("NearComponent(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLinkTextNamesFile(t *testing.T) {
	p := plugin(map[string]string{
		"skills/tone/SKILL.md": "---\nname: tone\ndescription: d\n---\n" +
			"Scores come from [src/score.py](../src/score.py); the rest from [the helper](../src/help.py) " +
			"and [src/none.py](../src/none.py).\n",
		"skills/tone/src/score.py": "x",
		"skills/tone/src/help.py":  "x",
	})
	f := p.File("skills/tone/SKILL.md")
	got := map[string]bool{}
	for _, l := range f.Markdown().Links() {
		got[l.Dest] = LinkTextNamesFile(p, f, l)
	}
	for dest, want := range map[string]bool{"../src/score.py": true, "../src/help.py": false, "../src/none.py": false} {
		if got[dest] != want {
			t.Errorf("LinkTextNamesFile(%q) = %v, want %v", dest, got[dest], want)
		}
	}
}

func TestReferenceOfModuleSpecifier(t *testing.T) {
	doc := "---\nname: rt\ndescription: d\n---\nUse this skill when:\n- writing tests with the kit:test skill\n- writing tests with bun:test\n- importing node:fs\n"
	p := plugin(map[string]string{"skills/rt/SKILL.md": doc})
	f := p.File("skills/rt/SKILL.md")
	ex := Examples.Of(lint.Unchecked(p), f)
	for tok, want := range map[string]NameKind{"kit:test": NameLiteral, "bun:test": NameCode, "node:fs": NameCode} {
		off := at(t, f, tok, 0)
		if got := ReferenceOf(f, ex, off, off+len(tok)); got != want {
			t.Errorf("ReferenceOf(%q) = %v, want %v", tok, got, want)
		}
	}
}

// TestToldToReadSourceNote: a provenance line names where the text came
// from; it does not send the model to those files.
func TestToldToReadSourceNote(t *testing.T) {
	p := plugin(map[string]string{
		"skills/tone/SKILL.md": "---\nname: tone\ndescription: d\n---\n> Generated from `parts/*.md` by `tools/build.mjs`. Edit the parts.\n\n" +
			"Pick a tone; for loud replies read parts/loud.md.\n",
		"skills/tone/parts/loud.md":  "Loud.",
		"skills/tone/parts/quiet.md": "Quiet.",
	})
	read := ToldToRead.Of(lint.Unchecked(p))
	for rel, want := range map[string]bool{"skills/tone/parts/loud.md": true, "skills/tone/parts/quiet.md": false} {
		if got := read[p.File(rel)]; got != want {
			t.Errorf("ToldToRead[%s] = %v, want %v", rel, got, want)
		}
	}
}

// TestReferenceOfTag: a namespaced tag, opened or closed, is markup the
// plugin reads or writes, not a component named in prose.
func TestReferenceOfTag(t *testing.T) {
	doc := "---\nname: kit\ndescription: d\n---\nUse the kit:note skill, then wrap what to keep in <kit:note>text</kit:note> for the hook.\n"
	p := plugin(map[string]string{"skills/kit/SKILL.md": doc})
	f := p.File("skills/kit/SKILL.md")
	ex := Examples.Of(lint.Unchecked(p), f)
	for i, want := range []NameKind{NameLiteral, NameCode, NameCode} {
		off := at(t, f, "kit:note", i)
		if got := ReferenceOf(f, ex, off, off+len("kit:note")); got != want {
			t.Errorf("ReferenceOf(kit:note #%d) = %v, want %v", i, got, want)
		}
	}
}
