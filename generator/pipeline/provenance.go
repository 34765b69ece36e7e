package pipeline

import (
	"fmt"
	"sort"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/provenance"
	"github.com/plugforge/plugforge/generator/render"
)

// variantTree is what a variant directory must hold: every rendered file
// plus the provenance manifest recording, for each, its hash, mode, sources
// (with their hashes, read through lookup) and dispatch sites, and the
// variant's dialect.
func variantTree(id string, info render.PluginInfo, files []render.File, lookup func(string) []byte) ([]outtree.File, error) {
	m := provenance.Manifest{Variant: id, Dialect: info.Dialect.Dialect}
	out := make([]outtree.File, 0, len(files)+1)
	for _, f := range files {
		e := provenance.Entry{Path: f.Path, SHA256: provenance.Hash(f.Data), Mode: fmt.Sprintf("%04o", f.Mode.Perm())}
		for _, s := range f.Sources {
			b := lookup(s)
			if b == nil {
				return nil, fmt.Errorf("internal: no bytes for source %s of %s", s, f.Path)
			}
			e.Sources = append(e.Sources, provenance.Source{Path: s, SHA256: provenance.Hash(b)})
		}
		for _, s := range f.Sites {
			e.Dispatches = append(e.Dispatches, provenance.Dispatch{Component: s.Component, Role: s.Role, Agent: s.Agent, Kind: s.Kind, Line: s.Line})
		}
		m.Files = append(m.Files, e)
		out = append(out, outtree.File{Path: f.Path, Data: f.Data, Mode: f.Mode})
	}
	data, err := provenance.Encode(m)
	if err != nil {
		return nil, err
	}
	out = append(out, outtree.File{Path: model.ProvenancePath, Data: data, Mode: 0o644})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}
