package facts

import "testing"

func TestUnreadDoc(t *testing.T) {
	p := plugin(map[string]string{
		"LICENSE":                 "MIT",
		"README.md":               "See LICENSE and CHANGELOG.md for the terms and the history.",
		"CHANGELOG.md":            "1.0: first",
		"NOTICE":                  "third-party notices",
		"commands/terms.md":       "---\ndescription: d\n---\nQuote [the notices](../NOTICE) to the user.\n",
		"commands/scaffold.md":    "---\ndescription: d\n---\nAdd a LICENSE and a SECURITY.md to the project if missing; cat ${CLAUDE_PLUGIN_ROOT}/COPYING.\n",
		"COPYING":                 "GPL",
		"SECURITY.md":             "report to x",
		"skills/kit/CONTRIBUTING": "nested: not at the root",
		"notes.md":                "a root file with another name",
		"Security/audit.md":       "a folder of the plugin's, named like a doc",
	})
	for rel, want := range map[string]bool{
		"LICENSE":                 true,  // only the README names it, and nothing reads the README
		"CHANGELOG.md":            true,  // likewise
		"README.md":               true,  // nothing names it
		"NOTICE":                  false, // a command links it for the model to read
		"COPYING":                 false, // a command reads it through the plugin root
		"SECURITY.md":             true,  // named bare: the user's project's file, not this one
		"skills/kit/CONTRIBUTING": false, // inside a skill folder, which the skill may read
		"notes.md":                false, // not a name kept for people
		"Security":                false, // no extension and not upper case: a folder's name
	} {
		if got := UnreadDoc(p, rel); got != want {
			t.Errorf("UnreadDoc(%s) = %v, want %v", rel, got, want)
		}
	}
}

func TestNamedInSteps(t *testing.T) {
	p := plugin(map[string]string{
		"skills/rules/SKILL.md":  "---\nname: rules\n---\nThe house rules.\n",
		"skills/ingest/SKILL.md": "---\nname: ingest\n---\nStore each note as the `house-rules` skill says; read it first.\n",
		"skills/index/SKILL.md":  "---\nname: index\n---\nFile the notes.\n\n## See also\n\n- scratch-pad: a place for drafts\n",
		"docs/catalogue.md":      "| scratch-pad | drafts |\n| house-rules | rules |\n",
		"commands/tidy.md":       "---\ndescription: d\n---\nTidy the notes with the house-rules-v2 checklist.\n",
	})
	self := p.File("skills/rules/SKILL.md")
	for name, want := range map[string]bool{
		"house-rules": true,  // a step in ingest says to follow it
		"scratch-pad": false, // only a See also list and the docs name it
		"checklist":   true,  // a plain word counts too: the judgement errs on keeping the error
		"notes-index": false, // named nowhere
		"rules-v":     false, // inside a longer name only
	} {
		if got := NamedInSteps(p, self, name); got != want {
			t.Errorf("NamedInSteps(%s) = %v, want %v", name, got, want)
		}
	}
}
