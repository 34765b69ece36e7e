package formrec

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/harness"
	"github.com/plugforge/plugforge/generator/model"
)

func TestNormaliseFixesWhatDiffersBetweenRuns(t *testing.T) {
	in := `{"success":true,"message":"Resuming agent a1019ff","resumedAgentId":"a1019ff9e20546024","pin":{"ref":"2ccb78"}}` + "\n" +
		"<tool-use-id>toolu_harness_0001_0</tool-use-id>\n" +
		"<output-file>/tmp/plugforge-test-1622635229/tmp/claude-0/-tmp-plugforge-test-1622635229-project/d453f022-1fd4-44fc-91d5-455951f4c01e/tasks/a1019ff9e20546024.output</output-file>\n" +
		"<usage><duration_ms>1024</duration_ms></usage> duration_ms: 188"
	want := `{"success":true,"message":"Resuming agent <agent-id-7>","resumedAgentId":"<agent-id>","pin":{"ref":"<ref>"}}` + "\n" +
		"<tool-use-id><tool-use-id></tool-use-id>\n" +
		"<output-file><run>/tmp/claude-<uid>/-<run>-project/<session-id>/tasks/<agent-id>.output</output-file>\n" +
		"<usage><duration_ms><ms></duration_ms></usage> duration_ms: <ms>"
	assert.Equal(t, want, Normalise(in))
	// Words that merely look like short ids are left alone.
	assert.Equal(t, "a1019ff is not an id here", Normalise("a1019ff is not an id here"))
}

func TestMainThreadNamesEachResultByItsCall(t *testing.T) {
	var r harness.Request
	require.NoError(t, json.Unmarshal([]byte(`{"messages":[
	 {"role":"user","content":"go"},
	 {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Agent","input":{}},{"type":"tool_use","id":"t2","name":"Agent","input":{}}]},
	 {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":"Async agent launched successfully."}]},
	   {"type":"tool_result","tool_use_id":"t2","is_error":true,"content":"Concurrent subagent limit reached."}]},
	 {"role":"assistant","content":[{"type":"text","text":"waiting"}]},
	 {"role":"user","content":[{"type":"text","text":"<system-reminder>\n<task-notification>\n<status>completed</status>\n</task-notification>\n</system-reminder>"}]},
	 {"role":"assistant","content":[{"type":"text","text":"<task-notification>not one: the model's own words</task-notification>"}]},
	 {"role":"system","content":[{"type":"text","text":"<task-notification>\n<status>killed</status>\n</task-notification>"}]}
	]}`), &r))
	seen := mainThread(&r)
	require.Len(t, seen, 4)
	assert.Equal(t, shown{Notification, false, "<task-notification>\n<status>killed</status>\n</task-notification>"}, seen[3])
	assert.Equal(t, shown{"Agent", false, "Async agent launched successfully."}, seen[0])
	assert.Equal(t, shown{"Agent", true, "Concurrent subagent limit reached."}, seen[1])
	assert.Equal(t, shown{Notification, false, "<task-notification>\n<status>completed</status>\n</task-notification>"}, seen[2])

	got, err := capture(Capture{Form: "error", Source: "Agent", N: 2}, seen)
	require.NoError(t, err)
	assert.True(t, got.isError)
	_, err = capture(Capture{Form: "report", Source: Notification, N: 3}, seen)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no notification 3 (report)")
	assert.Contains(t, err.Error(), "Concurrent subagent limit reached.")
}

func TestAskedAfterEndTurn(t *testing.T) {
	ex := []*harness.Exchange{{Actor: harness.Main, Stop: "tool_use"}, {Actor: "p:p", Stop: "end_turn"}, {Actor: harness.Main, Stop: "end_turn"}}
	assert.False(t, askedAfterEndTurn(ex))
	ex = append(ex, &harness.Exchange{Actor: harness.Main, Stop: "end_turn"})
	assert.True(t, askedAfterEndTurn(ex))
}

func TestDiffNamesChangedMissingAndNewForms(t *testing.T) {
	old := &Recording{Version: "1", Scenarios: []Run{{Name: "s", Forms: []Form{
		{Form: "launched", Call: "spawn", Source: "Agent 1", Text: "Async agent launched"},
		{Form: "report", Call: "spawn", Source: "notification 1", Text: "<status>completed</status>"},
	}}}}
	same := *old
	assert.Empty(t, Diff(old, &same))
	cur := &Recording{Version: "2", Scenarios: []Run{{Name: "s", Forms: []Form{
		{Form: "launched", Call: "spawn", Source: "Agent 1", Text: "Agent started"},
		{Form: "error", Call: "spawn", Source: "Agent 2", IsError: true, Text: "limit"},
	}}}}
	d := strings.Join(Diff(old, cur), "\n")
	assert.Contains(t, d, "s: Agent 1 (launched, spawn) changed:\n- Async agent launched\n+ Agent started")
	assert.Contains(t, d, "s: notification 1 (report, spawn): no longer printed")
	assert.Contains(t, d, "s: Agent 2 (error, spawn): new:\n  limit")
}

func TestEveryProbeScenarioLoadsAndEveryScenarioIsAProbe(t *testing.T) {
	files, err := filepath.Glob("scenarios/*.yaml")
	require.NoError(t, err)
	byFile := map[string]bool{}
	for _, p := range Probes {
		byFile[p.File] = true
		_, err := harness.LoadScenario(filepath.Join("scenarios", p.File))
		require.NoError(t, err)
		require.NotEmpty(t, p.Captures, p.File)
	}
	for _, f := range files {
		assert.True(t, byFile[filepath.Base(f)], "%s is not in Probes", f)
	}
	_, err = os.Stat("probe-plugin/.claude-plugin/plugin.json")
	require.NoError(t, err)
}

func TestVersionOrder(t *testing.T) {
	assert.True(t, versionLess("2.1.330", "2.1.332"))
	assert.True(t, versionLess("2.1.99", "2.1.330"))
	assert.False(t, versionLess("2.1.332", "2.1.330"))
}

func TestUnrecordedGoneReadsTheBinary(t *testing.T) {
	p := &model.Protocol{Continue: model.Continuation{Tool: "SendMessage"}, Forms: []model.ResultForm{
		{Name: "not resumed", Unrecorded: []string{"Agent was not resumed"}},
		{Name: "unavailable", Unrecorded: []string{"SendMessage is disabled for this session"}},
	}}
	bin := filepath.Join(t.TempDir(), "claude")
	require.NoError(t, os.WriteFile(bin, []byte("\x00Agent was not resumed\x00`. ${e} is disabled for this session`"), 0o755))
	gone, err := UnrecordedGone(bin, p)
	require.NoError(t, err)
	assert.Empty(t, gone)
	require.NoError(t, os.WriteFile(bin, []byte("\x00nothing\x00"), 0o755))
	gone, err = UnrecordedGone(bin, p)
	require.NoError(t, err)
	assert.Equal(t, []string{`form not resumed: "Agent was not resumed"`, `form unavailable: "SendMessage is disabled for this session"`}, gone)
}

func TestEndsListsEveryResultMessage(t *testing.T) {
	raw := []byte(`{"type":"system","subtype":"init"}
{"type":"result","subtype":"error_max_turns","is_error":true}
not json
{"type":"result","subtype":"success"}
`)
	assert.Equal(t, []string{"error_max_turns", "success"}, ends(raw))
}
