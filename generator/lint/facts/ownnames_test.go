package facts

import (
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
)

func TestOwnNames(t *testing.T) {
	p := plugin(map[string]string{
		"commands/check.md": "---\ndescription: Checks the build, see /kit:check:fast\nlabel: kit:check:all\n---\n" +
			"Call it as /kit:check:fast or /kit:check:full; read the mode after the colon.\n" +
			"Then run /kit:report and /kit:check:fast:again.\n",
		"commands/report.md": "---\ndescription: Reports\n---\nSee /kit:check:fast.\n",
	})
	c := p.Components()
	check, report := p.File("commands/check.md"), p.File("commands/report.md")
	for _, x := range []struct {
		name string
		file string
		want bool
	}{
		{"check:fast", "check", true},        // its own mode, in its own text
		{"check:full", "check", true},        // another of its modes
		{"check:fast:again", "check", false}, // two levels down: not a mode word
		{"report", "check", false},           // another command
		{"check:fast", "report", false},      // another command's text names it: sent elsewhere
	} {
		f := check
		if x.file == "report" {
			f = report
		}
		if got := OwnMode(c, f, x.name); got != x.want {
			t.Errorf("OwnMode(%s in %s) = %v, want %v", x.name, x.file, got, x.want)
		}
	}
	r := lint.Unchecked(p)
	for needle, want := range map[string]bool{
		"kit:check:all":     true,  // label: is a key Claude Code ignores
		"/kit:check:fast\n": false, // description is shown in the listing
		"/kit:report":       false, // the body
	} {
		if got := InIgnoredKey(r, check, at(t, check, needle, 0)); got != want {
			t.Errorf("InIgnoredKey(%q) = %v, want %v", needle, got, want)
		}
	}
}
