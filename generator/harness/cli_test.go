package harness

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cli finds the CLI the tests run, or skips.
func cli(t *testing.T) string {
	t.Helper()
	p, err := FindCLI("", filepath.Join("..", ".."))
	if err != nil {
		t.Skipf("Claude Code is not installed (%v): run `make tools`", err)
	}
	return p
}

func TestScenarioPassesInBothModes(t *testing.T) {
	bin := cli(t)
	sc, err := LoadScenario("testdata/scenarios/review.yaml")
	require.NoError(t, err)
	for _, mode := range []string{Print, Interactive} {
		t.Run(mode, func(t *testing.T) {
			res, err := Run(context.Background(), sc, "testdata/demo", mode, Options{Claude: bin})
			require.NoError(t, err)
			for _, f := range res.Failures {
				t.Errorf("%s: %s\n%s", f.Step, f.Message, f.Detail)
			}
			assert.True(t, res.Passed)
			sub := firstOf(res.Exchanges, "demo:checker")
			require.NotNil(t, sub)
			assert.Contains(t, sub.req.SystemText(), "You are the demo checker.")
		})
	}
}

func TestScenarioFailureNamesTheStep(t *testing.T) {
	bin := cli(t)
	sc, err := LoadScenario("testdata/scenarios/misspelt.yaml")
	require.NoError(t, err)
	res, err := Run(context.Background(), sc, "testdata/demo", Print, Options{Claude: bin})
	require.NoError(t, err)
	require.False(t, res.Passed)
	var steps []string
	for _, f := range res.Failures {
		steps = append(steps, f.Step+": "+f.Message)
	}
	all := strings.Join(steps, "\n")
	assert.Contains(t, all, "requests[0] (demo:chekcer): demo:chekcer made no request")
	assert.Contains(t, all, "turn 2 (line 10, demo:chekcer): no request of demo:chekcer took this turn")
	assert.Contains(t, all, `tool_results[0]: no later Agent result shown to main holds "Async agent launched successfully"`)
	// What the CLI answered is in the failure, so the reader sees why.
	var detail string
	for _, f := range res.Failures {
		if strings.HasPrefix(f.Step, "tool_results[0]") {
			detail = f.Detail
		}
	}
	assert.Contains(t, detail, "Agent type 'demo:chekcer' not found")
}
