package cliflag

import (
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChoice(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c := NewChoice(fs, "format", "text", "output format", []string{"text", "json"})
	require.NoError(t, fs.Parse([]string{"--format", "json"}))
	assert.Equal(t, "json", c.Value)
	err := fs.Parse([]string{"--format", "xml"})
	require.ErrorContains(t, err, "want text, json")
	assert.Equal(t, "json", c.Value)
}
