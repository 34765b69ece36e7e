package facts

import (
	"strings"
	"testing"
)

func TestPlanned(t *testing.T) {
	doc := "---\nname: s\ndescription: d\n---\n# Kit\n\nRun /kit:scan first.\n\n" +
		"## Roadmap\n\n### Commands\n\n- /kit:deploy ships the build.\n\n" +
		"## Usage\n\nRun /kit:lint on a file.\n- /kit:audit (planned) checks licences.\n" +
		"- /kit:sync is coming soon.\n\n## Not built yet\n\n- /kit:undo\n"
	p := plugin(map[string]string{"skills/s/SKILL.md": doc})
	f := p.File("skills/s/SKILL.md")
	for name, want := range map[string]bool{"/kit:scan": false, "/kit:deploy": true, "/kit:lint": false,
		"/kit:audit": true, "/kit:sync": true, "/kit:undo": true} {
		if got := Planned(f, strings.Index(doc, name)); got != want {
			t.Errorf("Planned(%s) = %v, want %v", name, got, want)
		}
	}
}
