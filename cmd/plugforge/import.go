package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/plugforge/plugforge/generator/importer"
	"github.com/plugforge/plugforge/generator/model"
)

func importCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("import", "import [--out DIR] [--no-markers] [--report] PLUGIN_DIR",
		"  plugforge import ~/src/my-plugin               # writes ./plugin-src, then: plugforge build\n"+
			"  plugforge import --out review-kit/plugin-src ~/src/review-kit\n"+
			"  plugforge import --report ~/src/my-plugin      # repeated blocks worth one template; writes nothing\n", stderr)
	out := fs.String("out", "plugin-src", "write the plugin source to `dir` (must not exist or be empty)")
	noMarkers := fs.Bool("no-markers", false, "keep provenance in .plugforge-manifest.json only: the build then reproduces every file byte for byte")
	report := fs.Bool("report", false, "list repeated blocks in the plugin's markdown, biggest saving first, and write nothing")
	dir, code := oneArg(fs, args, "PLUGIN_DIR", "missing PLUGIN_DIR, the directory that holds .claude-plugin/plugin.json", stderr)
	if code >= 0 {
		return code
	}
	if *report {
		rep, err := importer.Report(dir)
		if err != nil {
			fmt.Fprintf(stderr, "plugforge import: %v\n", err)
			return exitFail
		}
		rep.Write(stdout)
		return exitOK
	}
	if err := importer.CheckTarget(*out); err != nil {
		return writeFailed(stderr, *out, err)
	}
	o := importer.Options{}
	if *noMarkers {
		o.Markers = model.MarkersManifest
	}
	res, err := importer.Import(dir, o)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge import: %v\n", err)
		return exitFail
	}
	for _, m := range res.Messages {
		fmt.Fprintln(stderr, m)
	}
	if err := res.Write(*out); err != nil {
		return writeFailed(stderr, *out, err)
	}
	c := res.Counts
	fmt.Fprintf(stdout, "%s plugin %q from %s into %s: %d commands, %d agents, %d skills, %d other templates, %d files copied byte for byte\n",
		paint(stdout, green, "imported"), res.Name, dir, *out, c.Commands, c.Agents, c.Skills, c.Templates, c.Raw)
	fmt.Fprintf(stdout, "round trip checked: the build reproduces all %d files\n", c.Verified)
	fmt.Fprintf(stdout, "\nnext:\n  plugforge build --src %s    # writes dist/%s/\n", shellQuote(*out), res.Name)
	return exitOK
}

// writeFailed reports a target that cannot take the plugin-src: one that
// holds files is a usage error, anything else an I/O failure.
func writeFailed(stderr io.Writer, out string, err error) int {
	if errors.Is(err, importer.ErrNotEmpty) {
		fmt.Fprintf(stderr, "plugforge import: %s is not empty; choose a new or empty directory with --out (import never overwrites files)\n", out)
		return exitUsage
	}
	fmt.Fprintf(stderr, "plugforge import: %v\n", err)
	return exitFail
}
