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
	} {
		if got := UnreadDoc(p, rel); got != want {
			t.Errorf("UnreadDoc(%s) = %v, want %v", rel, got, want)
		}
	}
}
