package termcolor

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestColour: colour never reaches a pipe or a buffer, and NO_COLOR wins.
func TestColour(t *testing.T) {
	var buf bytes.Buffer
	assert.Equal(t, "built", Paint(&buf, Green, "built"))
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	assert.False(t, Wanted(w))
	t.Setenv("NO_COLOR", "1")
	assert.False(t, Wanted(os.Stdout))
}
