package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/stats"
)

func statsCmd(args []string, stdout, stderr io.Writer) int {
	var o pipeline.Options
	fs := newFlags("stats", "stats [--variant ID] [--format text|json]",
		"  plugforge stats                   # every variant, as tables\n"+
			"  plugforge stats --format json     # for dashboards and budgets in CI\n", stderr)
	commonFlags(fs, &o)
	format := fs.String("format", "text", "output `format`: text | json")
	if code := parse(fs, args); code >= 0 {
		return code
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "plugforge stats: unknown --format %q (want text or json)\n", *format)
		return exitUsage
	}
	plan, err := pipeline.MakePlan(o)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge stats: %v\n", err)
		return exitFail
	}
	var reports []*stats.Report
	for _, out := range plan.Outputs {
		reports = append(reports, stats.Compute(plan, out))
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintf(stderr, "plugforge stats: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	for _, r := range reports {
		printStats(stdout, r)
	}
	return exitOK
}

func printStats(w io.Writer, r *stats.Report) {
	fmt.Fprintf(w, "== %s\n\nAlways-on context (listed at start-up): ~%d tokens", r.Variant, r.AlwaysOnTotal)
	if r.Budget > 0 {
		fmt.Fprintf(w, " of a %d-token budget", r.Budget)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  kind\tname\tchars\t~always-on\t~on-invoke")
	for _, c := range r.AlwaysOn {
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\t%d\n", c.Kind, c.Name, c.Chars, c.Tokens, c.OnInvoke)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nDispatch sites (fresh prompt; cacheable = system prompt + stable prefix >= %d tokens)\n", stats.MinCacheTokens)
	tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  command\trole\tsystem\tprefix\tsuffix\tcacheable")
	for _, s := range r.Sites {
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\t%d\t%v\n", s.Command, s.Role, s.SystemTokens, s.PrefixTokens, s.SuffixTokens, s.Cacheable)
	}
	tw.Flush()
	u := r.Reuse
	fmt.Fprintf(w, "\nSkeleton reuse: %d non-blank source lines (%d files: plugin-src, roles.yaml, templates) render %d non-blank lines in %d files: ratio %.2f\n\n",
		u.SourceLines, len(u.Sources), u.RenderedLines, len(u.Files), u.Ratio)
}
