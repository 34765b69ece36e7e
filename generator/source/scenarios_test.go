package source

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScenariosAreNotRendered: plugin-src/scenarios/ (the end-to-end
// suite) is skipped by the loader, whatever it holds, while a stray file
// elsewhere still fails.
func TestScenariosAreNotRendered(t *testing.T) {
	typed := "name: t\nversion: \"1\"\ndescription: d\nauthor: {name: a}\nlicense: MIT\nvariants: [{id: t, name: t, dialect: agent-sendmessage}]\n"
	p, err := Load(fstest.MapFS{
		"plugin.yaml":              {Data: []byte(typed)},
		"scenarios/t/approve.yaml": {Data: []byte("prompt: /t:go\n")},
		"scenarios/README":         {Data: []byte("not a plugin file\x00")},
	}, "plugin-src")
	require.NoError(t, err)
	assert.Empty(t, p.Files)
	assert.NotContains(t, p.Sources, "plugin-src/scenarios/t/approve.yaml")

	_, err = Load(fstest.MapFS{"plugin.yaml": {Data: []byte(typed)}, "scenario/x.yaml": {Data: []byte("x\n")}}, "plugin-src")
	assert.ErrorContains(t, err, "plugin-src/scenario/x.yaml: unexpected file")
}
