package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/plugforge/plugforge/generator/pipeline"
)

// exit codes shared by build and check.
const (
	exitOK    = 0
	exitFail  = 1 // bad source, template error, drift
	exitUsage = 2
)

func commonFlags(fs *flag.FlagSet, o *pipeline.Options) {
	fs.StringVar(&o.Src, "src", "plugin-src", "plugin source `dir`")
	fs.StringVar(&o.Dist, "dist", "dist", "generated plugin `dir`")
	fs.StringVar(&o.Variant, "variant", "", "only this variant `id`")
}

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

// parse returns -1 to continue, or an exit code.
func parse(fs *flag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "plugforge %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return exitUsage
	}
	return -1
}

func buildCmd(args []string, stdout, stderr io.Writer) int {
	var o pipeline.Options
	fs := newFlags("build", "build [--variant ID [--name NAME] [--dialect D] [--out DIR]]",
		"  plugforge build                       # every variant into dist/<id>/\n"+
			"  plugforge build --variant iflow --name iflow-dev --out /tmp/iflow-dev\n", stderr)
	commonFlags(fs, &o)
	fs.StringVar(&o.Name, "name", "", "override the plugin `name` (one variant)")
	fs.StringVar(&o.Dialect, "dialect", "", "override the dispatch `dialect`: task-resume | agent-sendmessage")
	fs.StringVar(&o.Out, "out", "", "write the variant to `dir` instead of dist/<id>")
	quiet := fs.Bool("q", false, "print nothing on success")
	if code := parse(fs, args); code >= 0 {
		return code
	}
	o.Verify = lintVerifier(o.Dist, o.Out, stderr)
	res, err := pipeline.Build(o)
	if err != nil {
		return failed(stderr, "build", o.Src, err)
	}
	if !*quiet {
		for _, v := range res.Variants {
			state := "up to date"
			if v.Swapped {
				state = fmt.Sprintf("%d written, %d unchanged, %d removed", v.Written, v.Unchanged, v.Removed)
			}
			fmt.Fprintf(stdout, "%s %s: %s\n", paint(stdout, green, "built"), v.Dir, state)
		}
		if res.Marketplace != "" {
			fmt.Fprintf(stdout, "wrote %s\n", res.Marketplace)
		}
		for _, d := range res.Removed {
			fmt.Fprintf(stdout, "removed %s (variant no longer declared)\n", d)
		}
	}
	if !buildReadme(o, *quiet, stdout, stderr) {
		return exitFail
	}
	return exitOK
}

func checkCmd(args []string, stdout, stderr io.Writer) int {
	var o pipeline.Options
	fs := newFlags("check", "check [--variant ID]",
		"  plugforge check        # exit 1 and list every drifted file if dist/ is out of date\n", stderr)
	commonFlags(fs, &o)
	if code := parse(fs, args); code >= 0 {
		return code
	}
	drift, err := pipeline.Check(o)
	drift, err = withReadmeDrift(o, drift, err)
	if err != nil {
		return failed(stderr, "check", o.Src, err)
	}
	if len(drift) == 0 {
		fmt.Fprintln(stdout, paint(stdout, green, fmt.Sprintf("%s is up to date with %s", o.Dist, o.Src)))
		return exitOK
	}
	for _, d := range drift {
		fmt.Fprintln(stdout, d)
	}
	fmt.Fprintf(stdout, "%s %d file(s) of %s out of step with %s; run `make plugin` (plugforge build) to rebuild, and move hand edits into %s first\n",
		paint(stdout, red, "plugforge check:"), len(drift), o.Dist, o.Src, o.Src)
	return exitFail
}
