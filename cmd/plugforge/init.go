package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/plugforge/plugforge/generator/scaffold"
)

func initCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("init", "init [--name NAME] [--author NAME] DIR",
		"  plugforge init my-plugin                 # plugin \"my-plugin\" in ./my-plugin\n"+
			"  plugforge init --name review-kit --author \"Ada Lovelace\" ~/src/review-kit\n", stderr)
	name := fs.String("name", "", "plugin `name`, kebab-case (default: derived from DIR)")
	author := fs.String("author", "", "plugin.json author and LICENSE holder `name` (default: \"The <name> authors\")")
	dir, code := oneArg(fs, args, "DIR", "missing DIR; run `plugforge init my-plugin` to create ./my-plugin", stderr)
	if code >= 0 {
		return code
	}
	if *name == "" {
		*name = scaffold.DefaultName(dir)
	}
	if *author == "" {
		*author = "The " + *name + " authors"
	}
	written, err := scaffold.Write(dir, scaffold.Options{Name: *name, Author: *author})
	switch {
	case errors.Is(err, scaffold.ErrNotEmpty):
		fmt.Fprintf(stderr, "plugforge init: %s is not empty; choose a new or empty directory (init never overwrites files)\n", dir)
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "plugforge init: %v\n", err)
		return exitFail
	}
	// Relative paths keep the generated-file markers free of this machine's
	// directories, so the hint builds from inside DIR.
	fmt.Fprintf(stdout, "%s plugin %q in %s (%d files)\n\nnext:\n", paint(stdout, green, "created"), *name, dir, len(written))
	for _, l := range [][2]string{
		{"cd " + shellQuote(dir), ""},
		{"plugforge build", "render plugin-src/ into dist/" + *name + "/"},
		{"claude --plugin-dir dist/" + *name, "try it in Claude Code"},
		{"include plugforge.mk", "in your Makefile, for `make plugin` and `make check`"},
	} {
		if l[1] == "" {
			fmt.Fprintf(stdout, "  %s\n", l[0])
		} else {
			fmt.Fprintf(stdout, "  %-36s # %s\n", l[0], l[1])
		}
	}
	return exitOK
}

// shellQuote quotes a path for the copy-paste hint when it needs it.
func shellQuote(s string) string {
	if strings.ContainsAny(s, " \t'\"$`\\!*?;&|<>()[]{}#~") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// parseExit maps a flag error to an exit code: -h is success.
func parseExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}
