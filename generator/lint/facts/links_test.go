package facts

import "testing"

func TestNotLink(t *testing.T) {
	p := plugin(map[string]string{
		"agents/setup.md": "---\nname: setup\ndescription: d\n---\n| file | keys |\n|---|---|\n" +
			"| `words.yaml` | boost[](brand+rival+topic), exclude[] |\n\n" +
			"Lists use ids[](one per line).\n\nRead [](guide.md) and [the guide](guide.md).\n",
	})
	f := p.File("agents/setup.md")
	got := map[string]bool{}
	for _, l := range f.Markdown().Links() {
		got[l.Dest] = got[l.Dest] || NotLink(f, l)
	}
	for dest, want := range map[string]bool{"brand+rival+topic": true, "one per line": false, "guide.md": false} {
		if got[dest] != want {
			t.Errorf("NotLink(%q) = %v, want %v (links: %+v)", dest, got[dest], want, f.Markdown().Links())
		}
	}
}

func TestWebPageLink(t *testing.T) {
	p := plugin(map[string]string{
		"agents/sdk.md": "---\nname: sdk\ndescription: d\n---\nUse [streaming](./streaming) as in the " +
			"[reference](/docs/reference/stream), or the [notes](./notes.md) and [api](api-guide).\n",
		"agents/own.md": "---\nname: own\ndescription: d\n---\nSee [the checklist](checklist) before you start.\n",
	})
	sdk, own := p.File("agents/sdk.md"), p.File("agents/own.md")
	for _, c := range []struct {
		f    string
		dest string
		want bool
	}{
		{"sdk", "./streaming", true}, {"sdk", "api-guide", true}, {"sdk", "./notes.md", false},
		{"own", "checklist", false}, // no sign of a web page: a missing file of the plugin
	} {
		f := sdk
		if c.f == "own" {
			f = own
		}
		if got := WebPageLink(f, c.dest); got != c.want {
			t.Errorf("WebPageLink(%s, %q) = %v, want %v", c.f, c.dest, got, c.want)
		}
	}
}

func TestForContributors(t *testing.T) {
	p := plugin(map[string]string{
		"CONTRIBUTING.md": "x", "CODE_OF_CONDUCT.md": "x", "SECURITY.md": "x", "LICENSE": "x",
		"docs/code-of-conduct.md":  "x",
		"skills/s/SKILL.md":        "---\nname: s\ndescription: d\n---\nx\n",
		"skills/s/security.md":     "x",
		"commands/contributing.md": "---\ndescription: d\n---\nx\n",
		"README.md":                "x",
	})
	for rel, want := range map[string]bool{"CONTRIBUTING.md": true, "CODE_OF_CONDUCT.md": true, "SECURITY.md": true,
		"LICENSE": true, "docs/code-of-conduct.md": true, "commands/contributing.md": false, "README.md": false,
		"skills/s/security.md": false, // a skill's reference about security is for the model
	} {
		if got := ForContributors(p, p.File(rel)); got != want {
			t.Errorf("ForContributors(%s) = %v, want %v", rel, got, want)
		}
	}
}
