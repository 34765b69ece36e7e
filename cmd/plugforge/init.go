package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/plugforge/plugforge/generator/scaffold"
)

func initCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("init", "init [--name NAME] [--author NAME] DIR",
		"  plugforge init my-plugin                 # plugin \"my-plugin\" in ./my-plugin\n"+
			"  plugforge init --name review-kit --author \"Ada Lovelace\" ~/src/review-kit\n", stderr)
	name := fs.String("name", "", "plugin `name`, kebab-case (default: derived from DIR)")
	author := fs.String("author", "", "plugin.json author and LICENSE holder `name` (default: \"The <name> authors\")")
	pos, code := parse(fs, args, 1)
	if code >= 0 {
		return code
	}
	if len(pos) == 0 {
		fmt.Fprintln(stderr, "plugforge init: missing DIR; run `plugforge init my-plugin` to create ./my-plugin")
		return exitUsage
	}
	dir := pos[0]
	o := scaffold.Options{Name: *name, Author: *author}.Defaults(dir)
	written, err := scaffold.Write(dir, o)
	switch {
	case errors.Is(err, scaffold.ErrNotEmpty):
		fmt.Fprintf(stderr, "plugforge init: %s is not empty; choose a new or empty directory (init never overwrites files)\n", dir)
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "plugforge init: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(stdout, "%s plugin %q in %s (%d files)\n\nnext:\n%s", paint(stdout, green, "created"), o.Name, dir, len(written), scaffold.NextSteps(dir, o.Name))
	return exitOK
}
