package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/graph"
	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/pipeline"
)

func graphCmd(args []string, stdout, stderr io.Writer) int {
	var o pipeline.Options
	fs := newFlags("graph", "graph [--format mermaid|dot] [--variant ID] [--src DIR]",
		"  plugforge graph                          # Mermaid flowchart of the first variant\n"+
			"  plugforge graph --format dot | dot -Tsvg > workflow.svg\n"+
			"  plugforge graph --variant iflow-classic  # the same workflow in the classic dialect\n", stderr)
	fs.StringVar(&o.Src, "src", "plugin-src", "plugin source `dir`")
	fs.StringVar(&o.Variant, "variant", "", "draw this variant `id` (default: the first declared)")
	format := fs.String("format", "mermaid", "output `format`: mermaid | dot")
	if code := parse(fs, args); code >= 0 {
		return code
	}
	write := map[string]func(*graph.Graph) string{"mermaid": graph.Mermaid, "dot": graph.Dot}[*format]
	if write == nil {
		fmt.Fprintf(stderr, "plugforge graph: unknown --format %q; use mermaid or dot\n", *format)
		return exitUsage
	}
	plan, err := pipeline.MakePlan(o)
	if err != nil {
		return failed(stderr, "graph", o.Src, err)
	}
	out, err := plan.Output(o.Variant)
	if err != nil {
		return failed(stderr, "graph", o.Src, err)
	}
	fmt.Fprint(stdout, write(plan.Graph(out)))
	return exitOK
}

// readmeFor is the README whose workflow graph mirrors plugin-src: the one
// in the directory that holds dist/ (the repository root for the default
// --dist dist), where the marketplace is written too. Tying it to --dist,
// not the working directory, keeps `plugforge build --src elsewhere/plugin-src
// --dist elsewhere/dist` from rewriting this repository's README.
func readmeFor(o pipeline.Options) string {
	return filepath.Join(filepath.Dir(filepath.Clean(o.Dist)), "README.md")
}

// syncReadme brings the README's workflow graph in step with plugin-src
// (write) or reports whether it is (check). A missing README, or one
// without markers, is nothing to do.
func syncReadme(o pipeline.Options, write bool) (path string, changed bool, err error) {
	path = readmeFor(o)
	old, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return path, false, nil
	}
	if err != nil {
		return path, false, err
	}
	plan, err := pipeline.MakePlan(pipeline.Options{Src: o.Src, Dist: o.Dist})
	if err != nil {
		return path, false, err
	}
	out, err := plan.Output("")
	if err != nil {
		return path, false, err
	}
	updated, changed, err := graph.SyncReadme(old, graph.Mermaid(plan.Graph(out)))
	if errors.Is(err, graph.ErrNoMarkers) {
		return path, false, nil
	}
	if err != nil {
		return path, false, fmt.Errorf("%s: %w; fix the markers around the workflow graph", path, err)
	}
	if changed && write {
		info, statErr := os.Stat(path)
		mode := os.FileMode(0o644)
		if statErr == nil {
			mode = info.Mode().Perm()
		}
		if err := os.WriteFile(path, updated, mode); err != nil {
			return path, false, err
		}
	}
	return path, changed, nil
}

// buildReadme syncs the README after a build and reports success. One-off
// builds (--name, --dialect, --out) leave the repository's files alone.
func buildReadme(o pipeline.Options, quiet bool, stdout, stderr io.Writer) bool {
	if o.Out != "" || o.Name != "" || o.Dialect != "" {
		return true
	}
	path, changed, err := syncReadme(o, true)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge build: %v\n", err)
		return false
	}
	if changed && !quiet {
		fmt.Fprintf(stdout, "updated %s (workflow graph)\n", path)
	}
	return true
}

// withReadmeDrift adds a stale README graph to check's drift list; it
// passes an earlier error through so checkCmd needs one inserted line.
func withReadmeDrift(o pipeline.Options, drift []outtree.Drift, err error) ([]outtree.Drift, error) {
	if err != nil {
		return drift, err
	}
	path, stale, err := syncReadme(o, false)
	if err != nil || !stale {
		return drift, err
	}
	return append(drift, outtree.Drift{Path: filepath.ToSlash(path), Kind: outtree.Stale, Detail: "workflow graph out of date"}), nil
}
