package main

import (
	"flag"
	"fmt"
	"io"
)

// oneArg parses flags around one positional argument, which may come
// before or after them: flag stops at the first positional argument, so
// what follows it is parsed as well. missing is printed when there is no
// argument; code is -1 to continue, else the exit code.
func oneArg(fs *flag.FlagSet, args []string, what, missing string, stderr io.Writer) (arg string, code int) {
	if err := fs.Parse(args); err != nil {
		return "", parseExit(err)
	}
	if fs.NArg() > 0 {
		arg = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return "", parseExit(err)
		}
	}
	switch {
	case arg == "":
		fmt.Fprintf(stderr, "plugforge %s: %s\n", fs.Name(), missing)
		return "", exitUsage
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "plugforge %s: unexpected argument %q; give one %s\n", fs.Name(), fs.Arg(0), what)
		return "", exitUsage
	}
	return arg, -1
}
