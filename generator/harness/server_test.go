package harness

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
)

func post(t *testing.T, srv *Server, body string) string {
	t.Helper()
	resp, err := http.Post(srv.URL()+"/v1/messages?beta=true", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(b)
}

const mainReq = `{"model":"m","stream":%s,"system":[{"type":"text","text":"x-anthropic-billing-header: cc_entrypoint=sdk-cli;"}],
 "tools":[{"name":"Agent","input_schema":{"properties":{"prompt":{},"run_in_background":{}}}}],
 "messages":[{"role":"user","content":[{"type":"text","text":"/demo:go now"}]}]}`

func TestServerStreamsAToolCallAndRecordsIt(t *testing.T) {
	s := NewScript([]Turn{{When: &Match{Contains: []string{"/demo:go"}, Offers: "Agent.run_in_background"},
		Reply: []Action{{Text: "spawning"}, {Tool: "Agent", Input: map[string]any{"subagent_type": "demo:r", "prompt": "P-1"}}}}}, "")
	srv, err := NewServer(s)
	require.NoError(t, err)
	defer srv.Close()
	out := post(t, srv, strings.Replace(mainReq, "%s", "true", 1))
	assert.Contains(t, out, "event: message_start")
	assert.Contains(t, out, `"partial_json":"{\"prompt\":\"P-1\",\"subagent_type\":\"demo:r\"}"`)
	assert.Contains(t, out, `"stop_reason":"tool_use"`)
	ex := srv.Exchanges()
	require.Len(t, ex, 1)
	assert.Equal(t, Main, ex[0].Actor)
	assert.Equal(t, 0, ex[0].Turn)
	assert.Empty(t, s.Unused())

	// A subagent is known by the prompt it was spawned with.
	sub := `{"model":"m","stream":false,"system":[{"type":"text","text":"cc_is_subagent=true"}],"tools":[{"name":"Read","input_schema":{}}],
	 "messages":[{"role":"user","content":"<system-reminder>ctx</system-reminder>\n\nP-1"}]}`
	out = post(t, srv, sub)
	var m apiMessage
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Equal(t, "end_turn", m.StopReason)
	ex = srv.Exchanges()
	assert.Equal(t, "demo:r", ex[1].Actor)
	assert.Equal(t, "no scripted turn of demo:r fits", ex[1].Unexpected)
}

func TestCountTokensAndUnknownPaths(t *testing.T) {
	srv, err := NewServer(NewScript(nil, "end"))
	require.NoError(t, err)
	defer srv.Close()
	resp, err := http.Post(srv.URL()+"/v1/messages/count_tokens", "application/json", strings.NewReader(`{"messages":[]}`))
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Contains(t, string(b), `"input_tokens"`)
	resp, err = http.Get(srv.URL() + "/v1/models")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Empty(t, srv.Exchanges(), "count_tokens and 404s are not exchanges")
}

func TestAgentIDsAreExpandedPerType(t *testing.T) {
	r := &Request{Messages: []Message{
		{Role: "assistant", Content: json.RawMessage(`[{"type":"tool_use","id":"t1","name":"Agent","input":{"subagent_type":"p:a"}}]`)},
		{Role: "user", Content: json.RawMessage(`[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":"Async agent launched successfully.\nagentId: abc123 (internal ID)"}]}]`)},
	}}
	got := expand([]Action{{Tool: "SendMessage", Input: map[string]any{"to": "${agent_id:p:a}", "also": "${agent_id}", "path": "${plugin_root}/x.md"}}}, r, map[string]string{"plugin_root": "/p"})
	assert.Equal(t, "abc123", got[0].Input["to"])
	assert.Equal(t, "abc123", got[0].Input["also"])
	assert.Equal(t, "/p/x.md", got[0].Input["path"])
}

func TestScenarioErrorsNameFileAndLine(t *testing.T) {
	_, err := LoadScenario("testdata/bad-field.yaml")
	var pe *model.PosError
	require.True(t, errors.As(err, &pe), "%v", err)
	assert.Equal(t, 5, pe.Line, "the object with the unknown key")
	assert.Contains(t, pe.Error(), "testdata/bad-field.yaml:5: /turns/0/reply/0: unknown property \"colour\"")
}
