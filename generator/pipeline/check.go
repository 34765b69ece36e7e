package pipeline

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/plugforge/plugforge/generator/outtree"
)

// Check renders in memory, once, and reports every difference with what
// Build would write: the variants in dist/, the marketplace and the
// README's workflow graph. It writes nothing.
func Check(o Options) ([]outtree.Drift, error) {
	p, err := project(o)
	if err != nil {
		return nil, err
	}
	plan := p.plan
	var drift []outtree.Drift
	if p.market != nil {
		drift = append(drift, checkMarketplace(p.marketPath, p.market)...)
	}
	if p.readme.stale() {
		drift = append(drift, outtree.Drift{Path: filepath.ToSlash(p.readme.path), Kind: outtree.Stale, Detail: "workflow graph out of date"})
	}
	for _, out := range plan.Outputs {
		d, err := outtree.Compare(out.Dir, filepath.ToSlash(out.Dir), out.Files)
		if err != nil {
			return nil, err
		}
		drift = append(drift, d...)
	}
	if plan.Full {
		for _, dir := range undeclared(o.Dist, plan) {
			drift = append(drift, outtree.Drift{Path: filepath.ToSlash(dir), Kind: outtree.Orphaned, Detail: "variant no longer declared in plugin.yaml"})
		}
		entries, _ := os.ReadDir(o.Dist)
		for _, e := range entries {
			p := filepath.Join(o.Dist, e.Name())
			if !e.IsDir() {
				drift = append(drift, outtree.Drift{Path: filepath.ToSlash(p), Kind: outtree.Orphaned, Detail: "dist/ holds only variant directories"})
			}
		}
	}
	sort.SliceStable(drift, func(i, j int) bool { return drift[i].Path < drift[j].Path })
	return drift, nil
}
