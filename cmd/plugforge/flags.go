package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/plugforge/plugforge/generator/cliflag"
	"github.com/plugforge/plugforge/generator/pipeline"
)

// exit codes shared by every command.
const (
	exitOK    = 0
	exitFail  = 1 // bad source, template error, drift, findings
	exitUsage = 2
)

func newFlags(name, synopsis, examples string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: plugforge %s\n\n", synopsis)
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nexamples:\n%s", examples)
	}
	return fs
}

func commonFlags(fs *flag.FlagSet, o *pipeline.Options) {
	fs.StringVar(&o.Src, "src", "plugin-src", "plugin source `dir`")
	fs.StringVar(&o.Dist, "dist", "dist", "generated plugin `dir`")
	fs.StringVar(&o.Variant, "variant", "", "only this variant `id`")
}

// choiceFlag defines a flag that takes one of allowed (default def).
func choiceFlag(fs *flag.FlagSet, name, def, usage string, allowed []string) *cliflag.Choice {
	return cliflag.NewChoice(fs, name, def, usage, allowed)
}

// formatFlag defines --format, defaulting to the first allowed value.
func formatFlag(fs *flag.FlagSet, allowed []string) *cliflag.Choice {
	return choiceFlag(fs, "format", allowed[0], "output `format`", allowed)
}

// parse parses flags and at most max positional arguments, which may come
// before, between or after the flags. It returns them, or an exit code (-1
// means go on): -h is success, anything else wrong is a usage error, and
// hint follows the message about one argument too many.
func parse(fs *flag.FlagSet, args []string, max int, hint string) ([]string, int) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK
			}
			return nil, exitUsage
		}
		if fs.NArg() == 0 {
			return pos, -1
		}
		if len(pos) == max {
			fmt.Fprintf(fs.Output(), "plugforge %s: unexpected argument %q%s\n", fs.Name(), fs.Arg(0), hint)
			return nil, exitUsage
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// oneArg is parse for exactly one positional argument, a what: missing is
// printed when there is none.
func oneArg(fs *flag.FlagSet, args []string, what, missing string) (string, int) {
	pos, code := parse(fs, args, 1, "; give one "+what)
	if code < 0 && len(pos) == 0 {
		fmt.Fprintf(fs.Output(), "plugforge %s: %s\n", fs.Name(), missing)
		code = exitUsage
	}
	if code >= 0 {
		return "", code
	}
	return pos[0], -1
}
