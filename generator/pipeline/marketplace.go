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

// writeMarketplace replaces the file atomically, and only if it changed.
func writeMarketplace(path string, data []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, err
	}
	tmp := path + ".plugforge-tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return false, err
	}
	return true, os.Rename(tmp, path)
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
