package facts

import "testing"

func TestUserFileLinks(t *testing.T) {
	doc := "---\nname: s\ndescription: d\n---\n" +
		"Create [app/main.ts](app/main.ts):\n" +
		"Add these scripts to your [package.json](package.json):\n" +
		"2. **Write the start script** ([run.sh](run.sh)):\n" +
		"**Router** ([app/router.ts](app/router.ts)) holds the table.\n" +
		"```ts\n// checks/a.test.ts\n```\n" +
		"See [checks/b.test.ts](checks/b.test.ts) for a test.\n" +
		"Create the file following [the guide](guide/routes.md).\n" +
		"Add the rules from [rules.md](rules.md).\n" +
		"Read [ref/notes.md](ref/notes.md) first.\n" +
		"Edit [ref/x.md](ref/x.md) to match.\n"
	p := plugin(map[string]string{"skills/s/SKILL.md": doc, "skills/s/ref/notes.md": "n"})
	f := p.File("skills/s/SKILL.md")
	got := UserFileLinks(p, f)
	for _, l := range f.Markdown().Links() {
		want := map[string]bool{"app/main.ts": true, "package.json": true, "run.sh": true, "app/router.ts": true,
			"checks/b.test.ts": true, "ref/x.md": true}[l.Dest]
		if got[l.Offset] != want {
			t.Errorf("UserFileLinks: %q = %v, want %v", l.Dest, got[l.Offset], want)
		}
	}
}
