package main

import (
	"fmt"
	"io"

	"github.com/plugforge/plugforge/generator/importer"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/termcolor"
)

func importCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("import", "import [--out DIR] [--no-markers] [--report] PLUGIN_DIR",
		"  plugforge import ~/src/my-plugin               # writes ./plugin-src, then: plugforge build\n"+
			"  plugforge import --out review-kit/plugin-src ~/src/review-kit\n"+
			"  plugforge import --report ~/src/my-plugin      # repeated blocks worth one template; writes nothing\n", stderr)
	out := fs.String("out", "plugin-src", "write the plugin source to `dir` (must not exist or be empty)")
	noMarkers := fs.Bool("no-markers", false, "keep provenance in .plugforge-manifest.json only: the build then reproduces every file byte for byte")
	report := fs.Bool("report", false, "list repeated blocks in the plugin's markdown, biggest saving first, and write nothing")
	dir, code := oneArg(fs, args, "PLUGIN_DIR", "missing PLUGIN_DIR, the directory that holds .claude-plugin/plugin.json")
	if code >= 0 {
		return code
	}
	if *report {
		rep, err := importer.Report(dir)
		if err != nil {
			return refused(stderr, "import", dir, "", err)
		}
		rep.Write(stdout)
		return exitOK
	}
	o := importer.Options{}
	if *noMarkers {
		o.Markers = model.MarkersManifest
	}
	res, err := importer.ImportTo(dir, *out, o, stderr)
	if err != nil {
		return refused(stderr, "import", *out, " with --out", err)
	}
	fmt.Fprintf(stdout, "%s %s", termcolor.Paint(stdout, termcolor.Green, "imported"), res.Summary(dir, *out))
	return exitOK
}
