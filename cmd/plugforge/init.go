package main

import (
	"fmt"
	"io"

	"github.com/plugforge/plugforge/generator/scaffold"
	"github.com/plugforge/plugforge/generator/termcolor"
)

func initCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("init", "init [--name NAME] [--author NAME] DIR",
		"  plugforge init my-plugin                 # plugin \"my-plugin\" in ./my-plugin\n"+
			"  plugforge init --name review-kit --author \"Ada Lovelace\" ~/src/review-kit\n", stderr)
	name := fs.String("name", "", "plugin `name`, kebab-case (default: derived from DIR)")
	author := fs.String("author", "", "plugin.json author and LICENSE holder `name` (default: \"The <name> authors\")")
	dir, code := oneArg(fs, args, "DIR", "missing DIR; run `plugforge init my-plugin` to create ./my-plugin")
	if code >= 0 {
		return code
	}
	o := scaffold.Options{Name: *name, Author: *author}.Defaults(dir)
	written, err := scaffold.Write(dir, o)
	if err != nil {
		return refused(stderr, "init", dir, "", err)
	}
	fmt.Fprintf(stdout, "%s plugin %q in %s (%d files)\n\nnext:\n%s", termcolor.Paint(stdout, termcolor.Green, "created"), o.Name, dir, len(written), scaffold.NextSteps(dir, o.Name))
	return exitOK
}
