package pipeline

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/outtree"
)

func TestMarketplaceListsEveryVariant(t *testing.T) {
	o := workspace(t)
	f, err := os.OpenFile("plugin-src/plugin.yaml", os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("marketplace:\n  name: mini-market\n  description: \"Test market.\"\n  owner:\n    name: \"T\"\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())

	res, err := Build(o)
	require.NoError(t, err)
	assert.Equal(t, model.MarketplacePath, res.Marketplace)
	var m struct {
		Name    string
		Plugins []struct{ Name, Source, Version string }
	}
	b, err := os.ReadFile(model.MarketplacePath)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &m))
	assert.Equal(t, "mini-market", m.Name)
	require.Len(t, m.Plugins, 2)
	for _, p := range m.Plugins {
		pj, err := os.ReadFile(p.Source + "/.claude-plugin/plugin.json")
		require.NoError(t, err, "source %s must be a built variant", p.Source)
		var plugin struct{ Name, Version string }
		require.NoError(t, json.Unmarshal(pj, &plugin))
		assert.Equal(t, plugin.Name, p.Name)
		assert.Equal(t, plugin.Version, p.Version, "marketplace and plugin.json versions must agree")
	}

	write(t, model.MarketplacePath, "{}\n")
	drift, err := Check(o)
	require.NoError(t, err)
	assert.Contains(t, drift, outtree.Drift{Path: model.MarketplacePath, Kind: outtree.Stale, Detail: "differs from what plugin.yaml's marketplace and variants render"})
	res, err = Build(o)
	require.NoError(t, err)
	assert.Equal(t, model.MarketplacePath, res.Marketplace)
	drift, err = Check(o)
	require.NoError(t, err)
	assert.Empty(t, drift)
}
