package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/graph"
)

// readme is the README whose workflow graph mirrors plugin-src: its bytes
// as they are and as build writes them.
type readme struct {
	path        string
	old, synced []byte
	mode        os.FileMode
}

// stale reports a README whose graph differs from the plan's.
func (r readme) stale() bool { return r.path != "" && !bytes.Equal(r.old, r.synced) }

// readmeGraph reads the README in the directory that holds dist/ (the
// repository root for the default --dist dist, where the marketplace is
// written too) and draws the first declared variant into it. Tying it to
// --dist, not the working directory, keeps `plugforge build --src
// elsewhere/plugin-src --dist elsewhere/dist` from rewriting this
// repository's README.
//
// There is nothing to do (an empty readme) for a one-off build, a plan
// without the first declared variant, a missing README or one without
// markers.
func readmeGraph(o Options, plan *Plan) (readme, error) {
	if o.oneOff() {
		return readme{}, nil
	}
	g, err := plan.Graph(plan.Plugin.Manifest.Variants[0].ID)
	if err != nil {
		return readme{}, nil // --variant chose another one
	}
	path := filepath.Join(filepath.Dir(filepath.Clean(o.Dist)), "README.md")
	info, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return readme{}, nil
	}
	if err != nil {
		return readme{}, err
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return readme{}, err
	}
	synced, _, err := graph.SyncReadme(old, graph.Mermaid(g))
	if errors.Is(err, graph.ErrNoMarkers) {
		return readme{}, nil
	}
	if err != nil {
		return readme{}, fmt.Errorf("%s: %w; fix the markers around the workflow graph", path, err)
	}
	return readme{path: path, old: old, synced: synced, mode: info.Mode().Perm()}, nil
}
