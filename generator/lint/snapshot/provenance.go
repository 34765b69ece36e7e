package snapshot

import (
	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/provenance"
)

// readProvenance decodes the .plugforge-manifest.json plugforge build
// writes at a variant root, and maps each file to the first source that
// produced it. A missing manifest, or one that does not follow its schema,
// yields nil and an empty map: the plugin is then linted as one plugforge
// did not build.
func readProvenance(p *Plugin) (*provenance.Manifest, map[string]string) {
	out := map[string]string{}
	f := p.regular(model.ProvenancePath)
	if f == nil || f.Data == nil {
		return nil, out
	}
	m, err := provenance.Decode(f.Data)
	if err != nil {
		return nil, out
	}
	for _, e := range m.Files {
		if len(e.Sources) > 0 {
			out[cleanRel(e.Path)] = e.Sources[0].Path
		}
	}
	return m, out
}
