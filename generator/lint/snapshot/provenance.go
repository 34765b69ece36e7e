package snapshot

import "github.com/plugforge/plugforge/generator/model"

// readProvenance maps each dist file to the first source that produced it,
// from the .plugforge-manifest.json plugforge build writes at a variant root:
//
//	{"files": [{"path": "commands/x.md", "sources": [{"path": "plugin-src/commands/x.md"}]}]}
//
// A missing or malformed manifest yields an empty map.
func readProvenance(p *Plugin) map[string]string {
	out := map[string]string{}
	f := p.regular(model.ProvenancePath)
	if f == nil || f.Data == nil {
		return out
	}
	root, _ := f.JSON().Value.(map[string]any)
	files, _ := root["files"].([]any)
	for _, e := range files {
		entry, _ := e.(map[string]any)
		rel, _ := entry["path"].(string)
		srcs, _ := entry["sources"].([]any)
		if rel == "" || len(srcs) == 0 {
			continue
		}
		if s, _ := srcs[0].(map[string]any); s != nil {
			if sp, _ := s["path"].(string); sp != "" {
				out[cleanRel(rel)] = sp
			}
		}
	}
	return out
}
