package scaffold

import (
	"fmt"
	"strings"
)

// NextSteps lists, one indented line each, the commands that take a plugin
// scaffolded in dir (as the user typed it) from nothing to a build Claude
// Code loads, for `plugforge init` to print. Relative paths keep the
// generated-file markers free of the machine's directories, so the build
// runs from inside dir.
func NextSteps(dir, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  cd %s\n", ShellQuote(dir))
	for _, s := range [][2]string{
		{"plugforge build", "render plugin-src/ into dist/" + name + "/"},
		{"claude --plugin-dir dist/" + name, "try it in Claude Code"},
		{"plugforge test dist/" + name + " plugin-src/scenarios", "run its scenario in Claude Code, a scripted model in place of the API"},
		{"include plugforge.mk", "in your Makefile, for `make plugin` and `make check`"},
	} {
		fmt.Fprintf(&b, "  %-36s # %s\n", s[0], s[1])
	}
	return b.String()
}

// ShellQuote quotes a path for copying into a shell when it needs it.
func ShellQuote(s string) string {
	if strings.ContainsAny(s, " \t'\"$`\\!*?;&|<>()[]{}#~") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}
