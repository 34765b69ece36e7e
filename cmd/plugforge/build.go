package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/termcolor"
)

func buildCmd(args []string, stdout, stderr io.Writer) int {
	o := pipeline.Options{Report: stderr}
	fs := newFlags("build", "build [--variant ID [--name NAME] [--dialect D] [--out DIR]] [--update-baseline]",
		"  plugforge build                       # every variant into dist/<id>/\n"+
			"  plugforge build --variant iflow --name iflow-dev --out /tmp/iflow-dev\n"+
			"  plugforge build --watch               # rebuild on every edit of plugin-src/\n"+
			"  plugforge build --update-baseline     # accept today's lint findings into the baseline .plugforge.yaml names\n", stderr)
	commonFlags(fs, &o)
	fs.StringVar(&o.Name, "name", "", "override the plugin `name` (one variant)")
	fs.StringVar(&o.Dialect, "dialect", "", "override the dispatch `dialect`: task-resume | agent-sendmessage")
	fs.StringVar(&o.Out, "out", "", "write the variant to `dir` instead of dist/<id>")
	quiet := fs.Bool("q", false, "print nothing on success")
	watching := fs.Bool("watch", false, "rebuild whenever plugin-src (or a templates/ beside it) changes; stop with Ctrl-C")
	fs.BoolVar(&o.UpdateBaseline, "update-baseline", false, "record every variant's lint findings in the baseline "+config.FileName+" names, instead of failing on them")
	if _, code := parse(fs, args, 0, ""); code >= 0 {
		return code
	}
	if *watching && o.UpdateBaseline {
		fmt.Fprintln(stderr, "plugforge build: --update-baseline cannot be combined with --watch; record once, then watch")
		return exitUsage
	}
	if *watching {
		if err := pipeline.WatchUntilInterrupt(pipeline.WatchOptions{Options: o, Out: stdout}); err != nil {
			return failed(stderr, "build", o.Src, err)
		}
		return exitOK
	}
	res, err := pipeline.Build(o)
	if err != nil {
		return failed(stderr, "build", o.Src, err)
	}
	for _, l := range res.Lines(*quiet) {
		fmt.Fprintln(stdout, strings.Replace(l, "built", termcolor.Paint(stdout, termcolor.Green, "built"), 1))
	}
	return exitOK
}

func checkCmd(args []string, stdout, stderr io.Writer) int {
	var o pipeline.Options
	fs := newFlags("check", "check [--variant ID]",
		"  plugforge check        # exit 1 and list every drifted file if dist/ is out of date\n", stderr)
	commonFlags(fs, &o)
	if _, code := parse(fs, args, 0, ""); code >= 0 {
		return code
	}
	drift, err := pipeline.Check(o)
	if err != nil {
		return failed(stderr, "check", o.Src, err)
	}
	if len(drift) == 0 {
		fmt.Fprintln(stdout, termcolor.Paint(stdout, termcolor.Green, fmt.Sprintf("%s is up to date with %s", o.Dist, o.Src)))
		return exitOK
	}
	for _, d := range drift {
		fmt.Fprintln(stdout, d)
	}
	fmt.Fprintf(stdout, "%s %d file(s) of %s out of step with %s; run `make plugin` (plugforge build) to rebuild, and move hand edits into %s first\n",
		termcolor.Paint(stdout, termcolor.Red, "plugforge check:"), len(drift), o.Dist, o.Src, o.Src)
	return exitFail
}
