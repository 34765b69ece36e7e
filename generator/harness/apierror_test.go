package harness

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScriptedAPIErrorIsAnsweredWithItsStatusAndShape(t *testing.T) {
	s := NewScript([]Turn{{Reply: []Action{{Error: &APIError{Status: 400, Type: "invalid_request_error", Message: "scripted failure"}}}}}, "")
	srv, err := NewServer(s)
	require.NoError(t, err)
	defer srv.Close()
	resp, err := http.Post(srv.URL()+"/v1/messages", "application/json", strings.NewReader(strings.Replace(mainReq, "%s", "true", 1)))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	assert.Equal(t, 400, resp.StatusCode)
	assert.JSONEq(t, `{"type":"error","error":{"type":"invalid_request_error","message":"scripted failure"}}`, string(b))
	ex := srv.Exchanges()
	require.Len(t, ex, 1)
	assert.Equal(t, "error", ex[0].Stop)
	assert.Empty(t, s.Unused())
}

func TestScenarioErrorActionIsCheckedBySchema(t *testing.T) {
	_, err := ParseScenario("e.yaml", []byte("prompt: go\nturns:\n  - reply:\n      - error: {status: 200, type: x}\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "e.yaml:4")
	sc, err := ParseScenario("e.yaml", []byte("prompt: go\nturns:\n  - reply:\n      - error: {status: 529, type: overloaded_error}\n"))
	require.NoError(t, err)
	assert.Equal(t, 529, sc.Turns[0].Reply[0].Error.Status)
}
