package formrec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeTableIsGenerated: the README's "What works where" table is
// exactly what the checked-in recordings give.
func TestReadmeTableIsGenerated(t *testing.T) {
	root := filepath.Join("..", "..")
	recs, err := LoadAll(filepath.Join(root, DefaultDir))
	require.NoError(t, err)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	_, changed, err := SyncReadme(readme, recs)
	require.NoError(t, err)
	assert.False(t, changed, "README.md's table differs from the recordings: run go run ./generator/formrec/cmd -readme README.md")
}

func TestTableCellsFollowTheRecordedForms(t *testing.T) {
	bg := func(mode string, asked bool, send string) *Recording {
		return &Recording{Version: "9.9.9", Mode: mode, Scenarios: []Run{{Name: "background", AskedAfterEndTurn: asked, Forms: []Form{
			{Form: "launched", Source: "Agent 1", Text: "Async agent launched successfully. more"},
			{Form: send, Source: "SendMessage 1", Text: `{"success":true,"message":"Resuming agent <agent-id-7>"}`},
			{Form: "report", Source: "notification 2", Text: "<task-notification>"},
		}}}}
	}
	tab := Table([]*Recording{bg("print", true, "launched")})
	assert.Contains(t, tab, "| Claude Code | 9.9.9 |")
	assert.Contains(t, tab, "| `claude -p`: a spawn | runs in the background (\"Async agent launched successfully\")")
	assert.Contains(t, tab, "| `claude -p`: the model ends its turn while an agent runs | the run stays open")
	assert.Contains(t, tab, "| `claude -p`: a review loop's reviewer, next round | can be continued")
	assert.Contains(t, tab, `continues it ("Resuming agent …")`)
	assert.Contains(t, tab, "| interactive: a spawn | not recorded |")
	assert.Contains(t, tab, "| `claude -p`: `run_in_background: false` | not recorded |")
	// A run that ends with the model's turn cannot continue reviewers.
	tab = Table([]*Recording{bg("print", false, "launched")})
	assert.Contains(t, tab, "the run ends: a later notification is never read")
	assert.Contains(t, tab, "| `claude -p`: a review loop's reviewer, next round | cannot be continued")
	assert.Equal(t, 1, strings.Count(tab, "|---|"))
}

func TestMaxTurnsCell(t *testing.T) {
	r := Run{Ends: []string{"error_max_turns", "success"}, Forms: []Form{{Form: "report", Source: "notification 1"}}}
	assert.Equal(t, "reports `error_max_turns`, then still delivers the agent's notification and reports again (`success`)", maxTurnsCell(r))
	r = Run{Ends: []string{"error_max_turns"}}
	assert.Equal(t, "reports `error_max_turns`; the agent's report is not read", maxTurnsCell(r))
}

func TestSyncReadmeNeedsItsMarkers(t *testing.T) {
	_, _, err := SyncReadme([]byte("# no table\n"), nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), TableStart)
	out, changed, err := SyncReadme([]byte("a\n"+TableStart+"\nold\n"+TableEnd+"\nb\n"), nil)
	require.NoError(t, err)
	assert.True(t, changed)
	assert.True(t, strings.HasPrefix(string(out), "a\n"+TableStart+"\n\n| Claude Code |"))
	assert.True(t, strings.HasSuffix(string(out), "\n"+TableEnd+"\nb\n"))
}
