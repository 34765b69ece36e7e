package render

import (
	"encoding/json"

	"github.com/plugforge/plugforge/generator/model"
)

// ManifestView is what json/plugin.tmpl renders into plugin.json.
type ManifestView struct {
	Name, Version, Description string
	Author                     model.Author
	Homepage, Repository       string
	License                    string
	Keywords                   []string
}

func (p *Prepared) manifestView(info PluginInfo) ManifestView {
	m := p.src.Manifest
	v := ManifestView{
		Name: info.Name, Version: info.Version, Description: info.Description,
		Homepage: m.Homepage, Repository: m.Repository,
		License: m.License, Keywords: m.Keywords,
	}
	if m.Author != nil { // always set on the typed path, which requires it
		v.Author = *m.Author
	}
	return v
}

// Info builds the PluginInfo of a declared variant, with the manifest's
// defaults filled in.
func Info(m model.Manifest, v model.Variant) PluginInfo {
	version := v.Version
	if version == "" {
		version = m.Version
	}
	desc := m.Description
	if v.Summary != "" {
		desc += " " + v.Summary
	}
	return PluginInfo{Name: v.Name, Version: version, Description: desc, Dialect: Dialect{v.Dialect}}
}

// checkJSON guards against a template that renders malformed JSON.
func checkJSON(b []byte) error {
	var v any
	return json.Unmarshal(b, &v)
}
