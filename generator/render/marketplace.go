package render

import (
	"bytes"
	"fmt"
	"path"

	"github.com/plugforge/plugforge/generator/model"
)

// MarketplaceView is what json/marketplace.tmpl renders.
type MarketplaceView struct {
	model.Marketplace
	Plugins []MarketplacePlugin
}

// MarketplacePlugin is one variant as the marketplace lists it.
type MarketplacePlugin struct {
	Name, Source, Description, Version string
}

// Marketplace renders marketplace.json for the given variants; distRel is
// dist/ relative to the marketplace root (e.g. "dist"). It returns nil when
// plugin.yaml declares no marketplace.
func (e *Engine) Marketplace(m model.Manifest, infos []PluginInfo, ids []string, distRel string) ([]byte, error) {
	if m.Marketplace == nil {
		return nil, nil
	}
	v := MarketplaceView{Marketplace: *m.Marketplace}
	for i, info := range infos {
		v.Plugins = append(v.Plugins, MarketplacePlugin{Name: info.Name, Source: "./" + path.Join(distRel, ids[i]),
			Description: info.Description, Version: info.Version})
	}
	t := e.base.Lookup(path.Join(TemplateDir, "json/marketplace.tmpl"))
	if t == nil {
		return nil, fmt.Errorf("%s/json/marketplace.tmpl: template missing", TemplateDir)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, v); err != nil {
		return nil, tmplErr(err)
	}
	if err := checkJSON(b.Bytes()); err != nil {
		return nil, fmt.Errorf("%s/json/marketplace.tmpl: renders invalid JSON: %v", TemplateDir, err)
	}
	return normalize(b.String()), nil
}
