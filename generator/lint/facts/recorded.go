package facts

import (
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/provenance"
)

// recordedSites returns the dispatch sites the build recorded for f, and
// whether there is a record to trust: the plugin has a manifest that lists
// dispatches for f with the hash of the bytes f has now. A file the build
// recorded no dispatch in is read from its text, which finds none there
// unless it was edited, and is not hashed.
func recordedSites(p *snapshot.Plugin, f *snapshot.File) ([]provenance.Dispatch, bool) {
	e := p.Provenance.Entry(f.Path)
	if e == nil || len(e.Dispatches) == 0 || e.SHA256 != provenance.Hash(f.Data) {
		return nil, false
	}
	return e.Dispatches, true
}

// recordedBlocks parses the tool-call block at each recorded fresh,
// continued or final site; the fallbacks are prose, not blocks.
func recordedBlocks(f *snapshot.File, sites []provenance.Dispatch) []*Block {
	at := map[int]provenance.Dispatch{}
	for _, s := range sites {
		switch s.Kind {
		case model.Fresh, model.Continued, model.Final:
			at[s.Line] = s
		}
	}
	var out []*Block
	for _, fe := range f.Markdown().Fences {
		s, ok := at[fe.Line]
		if !ok {
			continue
		}
		if b := parseFence(f, fe); b != nil {
			b.Kind, b.role = s.Kind, s.Agent
			out = append(out, b)
		}
	}
	return out
}
