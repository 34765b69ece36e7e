package stats

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
)

// Formats are the ways Write can print reports.
var Formats = []string{"text", "json"}

// Write prints reports as tables ("text") or as indented JSON ("json").
func Write(w io.Writer, format string, reports []*Report) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(reports)
	}
	for _, r := range reports {
		writeText(w, r)
	}
	return nil
}

func writeText(w io.Writer, r *Report) {
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
	fmt.Fprintf(w, "\nDispatch sites (fresh prompt; cacheable = system prompt + stable prefix >= %d tokens)\n", MinCacheTokens)
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
