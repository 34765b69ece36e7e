package facts

import (
	"strings"
	"testing"
)

func TestFallbackAt(t *testing.T) {
	p := plugin(map[string]string{"commands/plan.md": "---\ndescription: d\n---\n" +
		"Read the grid guide (`guides/grid.md`) if it exists, otherwise read the flex guide (`guides/flex.md`).\n" +
		"Read `guides/table.md`, then read `guides/list.md`.\n" +
		"If it exists, note it. Read `guides/menu.md` too.\n"})
	f := p.File("commands/plan.md")
	for needle, want := range map[string]string{
		"guides/flex.md": "guides/grid.md", // the fallback: the preferred one is before the condition
		"guides/grid.md": "",               // the preferred one itself
		"guides/list.md": "",               // a sequence, no condition
		"guides/menu.md": "",               // a condition, but no otherwise
	} {
		s, e, ok := FallbackAt(f, at(t, f, needle, 0))
		got := ""
		if ok {
			got = string(f.Data[s:e])
		}
		if want == "" && ok || want != "" && !contains(got, want) {
			t.Errorf("FallbackAt(%s) = %q, %v; want the span to name %q", needle, got, ok, want)
		}
	}
}

func contains(s, sub string) bool { return sub != "" && strings.Contains(s, sub) }
