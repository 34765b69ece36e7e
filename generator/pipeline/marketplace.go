package pipeline

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/render"
)

// marketplace renders the marketplace of a full plan, or nil.
func marketplace(o Options, plan *Plan) (string, []byte, error) {
	if !plan.Full || plan.Plugin.Manifest.Marketplace == nil {
		return "", nil, nil
	}
	eng, err := engineFor(o)
	if err != nil {
		return "", nil, err
	}
	var infos []render.PluginInfo
	var ids []string
	for _, out := range plan.Outputs {
		infos = append(infos, out.Info)
		ids = append(ids, out.ID)
	}
	root := filepath.Dir(filepath.Clean(o.Dist))
	data, err := eng.Marketplace(plan.Plugin.Manifest, infos, ids, filepath.ToSlash(filepath.Base(filepath.Clean(o.Dist))))
	return filepath.Join(root, model.MarketplacePath), data, err // beside dist/
}

// checkMarketplace reports a marketplace out of step with the variants.
func checkMarketplace(path string, data []byte) []outtree.Drift {
	old, err := os.ReadFile(path)
	shown := filepath.ToSlash(path)
	switch {
	case err != nil:
		return []outtree.Drift{{Path: shown, Kind: outtree.Missing, Detail: "generated from plugin.yaml's marketplace and variants"}}
	case !bytes.Equal(old, data):
		return []outtree.Drift{{Path: shown, Kind: outtree.Stale, Detail: "differs from what plugin.yaml's marketplace and variants render"}}
	}
	return nil
}
