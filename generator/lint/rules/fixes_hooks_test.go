package rules

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/fix"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// TestRootQuoteFix: the HK003 fix of a command (given as the raw JSON
// string literal) yields the expected command, which HK003 no longer
// reports; "" means no fix is offered.
func TestRootQuoteFix(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh"`, `"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh"`},
		{`"bash ${CLAUDE_PLUGIN_ROOT}/hooks/x.sh --dir $CLAUDE_PROJECT_DIR"`, `bash "${CLAUDE_PLUGIN_ROOT}/hooks/x.sh" --dir "$CLAUDE_PROJECT_DIR"`},
		{`"${CLAUDE_PLUGIN_ROOT}/hooks/*.sh"`, `"${CLAUDE_PLUGIN_ROOT}"/hooks/*.sh`},
		{`"${CLAUDE_PLUGIN_ROOT}${CLAUDE_PLUGIN_DATA}"`, `"${CLAUDE_PLUGIN_ROOT}${CLAUDE_PLUGIN_DATA}"`},
		{`"echo \u00e9 \"\ud83d\ude00\" && ${CLAUDE_PLUGIN_ROOT}/a.sh \"$CLAUDE_PLUGIN_DATA\""`, `echo é "😀" && "${CLAUDE_PLUGIN_ROOT}/a.sh" "$CLAUDE_PLUGIN_DATA"`},
		{`"x=$(cat ${CLAUDE_PLUGIN_DATA}/v) ${CLAUDE_PLUGIN_ROOT}/a.sh"`, `x=$(cat "${CLAUDE_PLUGIN_DATA}/v") "${CLAUDE_PLUGIN_ROOT}/a.sh"`},
		{`"${X:-${CLAUDE_PLUGIN_ROOT}}/a.sh"`, ``},
	} {
		t.Run(c.raw, func(t *testing.T) {
			hooks := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": ` + c.raw + `}]}]}}` + "\n"
			p := snapshot.FromMemory("p", map[string][]byte{"hooks/hooks.json": []byte(hooks), "hooks/check.sh": []byte("#!/bin/sh\n"), "hooks/x.sh": []byte("#!/bin/sh\n"), "a.sh": []byte("#!/bin/sh\n")})
			var hk003 []lint.Finding
			for _, f := range lintUnit(t, p) {
				if f.Rule == "HK003" {
					hk003 = append(hk003, f)
				}
			}
			require.Len(t, hk003, 1)
			if c.want == "" {
				assert.Nil(t, hk003[0].Fix)
				return
			}
			require.NotNil(t, hk003[0].Fix)
			plan := fix.NewPlan(hk003)
			require.Len(t, plan.Files, 1)
			out := plan.Files[0].Result()
			var doc struct {
				Hooks map[string][]struct{ Hooks []struct{ Command string } }
			}
			require.NoError(t, json.Unmarshal(out, &doc), "%s", out)
			assert.Equal(t, c.want, doc.Hooks["Stop"][0].Hooks[0].Command)
			after := snapshot.FromMemory("p", map[string][]byte{"hooks/hooks.json": out})
			for _, f := range lintUnit(t, after) {
				assert.NotEqual(t, "HK003", f.Rule, "after the fix: %s", f.Message)
			}
		})
	}
}

func lintUnit(t *testing.T, p *snapshot.Plugin) []lint.Finding {
	t.Helper()
	eng, err := lint.New(All(), nil)
	require.NoError(t, err)
	return eng.Run([]*snapshot.Plugin{p})
}
