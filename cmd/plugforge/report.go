package main

import (
	"io"

	"github.com/plugforge/plugforge/generator/graph"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/stats"
)

func statsCmd(args []string, stdout, stderr io.Writer) int {
	var o pipeline.Options
	fs := newFlags("stats", "stats [--variant ID] [--format text|json]",
		"  plugforge stats                   # every variant, as tables\n"+
			"  plugforge stats --format json     # for dashboards and budgets in CI\n", stderr)
	commonFlags(fs, &o)
	format := formatFlag(fs, stats.Formats)
	if _, code := parse(fs, args, 0, ""); code >= 0 {
		return code
	}
	plan, err := pipeline.MakePlan(o)
	if err == nil {
		err = stats.Write(stdout, format.Value, stats.Reports(plan))
	}
	if err != nil {
		return failed(stderr, "stats", o.Src, err)
	}
	return exitOK
}

func graphCmd(args []string, stdout, stderr io.Writer) int {
	var o pipeline.Options
	fs := newFlags("graph", "graph [--format mermaid|dot] [--variant ID] [--src DIR]",
		"  plugforge graph                          # Mermaid flowchart of the first variant\n"+
			"  plugforge graph --format dot | dot -Tsvg > workflow.svg\n"+
			"  plugforge graph --variant iflow-classic  # the same workflow in the classic dialect\n", stderr)
	fs.StringVar(&o.Src, "src", "plugin-src", "plugin source `dir`")
	fs.StringVar(&o.Variant, "variant", "", "draw this variant `id` (default: the first declared)")
	format := formatFlag(fs, graph.Formats)
	if _, code := parse(fs, args, 0, ""); code >= 0 {
		return code
	}
	g, err := pipeline.Graph(o)
	if err != nil {
		return failed(stderr, "graph", o.Src, err)
	}
	io.WriteString(stdout, graph.Write(g, format.Value))
	return exitOK
}
