package importer

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
	"testing/fstest"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/render"
)

// verify builds the plugin-src in memory, as `plugforge build` would from
// a directory named plugin-src, and compares every output file with the
// input it must reproduce: the same bytes apart from the one marker line,
// the same execute bit, no file more or less. It returns how many files
// matched, and the output built (for the baseline, see baseline.go). A
// difference is the importer's failure, never the plugin's, so nothing is
// written.
func verify(tree []File, in []inFile) (int, *pipeline.Output, error) {
	fsys := fstest.MapFS{}
	for _, f := range tree {
		mode := fs.FileMode(0o644)
		if f.Exec {
			mode = 0o755
		}
		fsys[f.Path] = &fstest.MapFile{Data: f.Data, Mode: mode}
	}
	plan, err := pipeline.MakePlan(pipeline.Options{Src: "plugin-src", Dist: "dist", SrcFS: fsys})
	if err != nil {
		return 0, nil, &model.PosError{Msg: fmt.Sprintf("the imported plugin-src does not build: %v", err)}
	}
	want := map[string]inFile{}
	for _, f := range in {
		want[f.Rel] = f
	}
	n := 0
	for _, f := range plan.Outputs[0].Rendered {
		src, ok := want[f.Path]
		if !ok {
			return n, nil, &model.PosError{File: f.Path, Msg: "round trip: the build writes this file, which the plugin does not have"}
		}
		delete(want, f.Path)
		got := unmark(f.Data, f.Sources[0])
		if !bytes.Equal(got, src.Data) {
			line := diffLine(got, src.Data)
			msg := fmt.Sprintf("round trip: the build would write %q here instead of %q", lineOf(got, line), lineOf(src.Data, line))
			if f.Path == model.PluginManifestPath {
				msg += "; plugforge cannot reproduce this layout of plugin.json: reformat it (two-space indentation, as JSON.stringify writes it) and import again"
			}
			return n, nil, &model.PosError{File: f.Path, Line: line, Msg: msg}
		}
		if (f.Mode&0o111 != 0) != src.Exec {
			return n, nil, &model.PosError{File: f.Path, Msg: fmt.Sprintf("round trip: the build writes mode %04o, which loses or adds the execute bit", f.Mode.Perm())}
		}
		n++
	}
	for _, f := range in {
		if _, missing := want[f.Rel]; missing {
			return n, nil, &model.PosError{File: f.Rel, Msg: "round trip: the build does not write this file"}
		}
	}
	return n, &plan.Outputs[0], nil
}

// unmark removes the one marker line the build put into a file rendered
// from src, wherever withMarker puts it.
func unmark(data []byte, src string) []byte {
	m := render.Marker(src)
	s := string(data)
	if rest, ok := strings.CutPrefix(s, "<!-- "+m+" -->\n"); ok {
		return []byte(rest)
	}
	if first, rest, ok := strings.Cut(s, "\n"); ok {
		if rest == "# "+m {
			return []byte(first)
		}
		if after, ok := strings.CutPrefix(rest, "# "+m+"\n"); ok {
			return []byte(first + "\n" + after)
		}
	}
	return data
}

// diffLine is the first line (1-based) where a and b differ.
func diffLine(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return 1 + bytes.Count(a[:i], []byte("\n"))
}

// lineOf returns line n of data, cut to 80 bytes.
func lineOf(data []byte, n int) string {
	lines := strings.Split(string(data), "\n")
	if n-1 >= len(lines) {
		return ""
	}
	l := lines[n-1]
	if len(l) > 80 {
		l = l[:80] + "…"
	}
	return l
}
