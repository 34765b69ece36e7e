package graph_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/graph"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/scaffold"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// realPlan renders the repository's plugin-src, every variant.
func realPlan(t testing.TB) *pipeline.Plan {
	t.Helper()
	plan, err := pipeline.MakePlan(pipeline.Options{Src: "../../plugin-src", Dist: "../../dist"})
	require.NoError(t, err)
	return plan
}

// draw is the graph of variant id ("" for the first) of a plan.
func draw(t testing.TB, plan *pipeline.Plan, id string) *graph.Graph {
	t.Helper()
	g, err := plan.Graph(id)
	require.NoError(t, err)
	return g
}

// TestGolden pins both formats for both iflow variants
// (go test ./generator/graph -update rewrites them).
func TestGolden(t *testing.T) {
	plan := realPlan(t)
	for _, variant := range []string{"iflow", "iflow-classic"} {
		g := draw(t, plan, variant)
		for ext, write := range map[string]func(*graph.Graph) string{"mmd": graph.Mermaid, "dot": graph.Dot} {
			t.Run(variant+"."+ext, func(t *testing.T) {
				got := write(g)
				golden := filepath.Join("testdata", variant+"."+ext)
				if *update {
					require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
				}
				want, err := os.ReadFile(golden)
				require.NoError(t, err, "run go test ./generator/graph -update")
				assert.Equal(t, string(want), got)
			})
		}
	}
}

// TestWorkflow states the iflow workflow the picture must show, so a golden
// update that loses part of it fails here too.
func TestWorkflow(t *testing.T) {
	g := draw(t, realPlan(t), "")
	assert.Equal(t, "iflow", g.Variant, "the first declared variant is the default")

	var chain []string
	for _, n := range g.Nodes {
		if n.Kind == graph.Command {
			chain = append(chain, strings.TrimPrefix(n.Label, "/iflow:"))
		}
	}
	assert.Equal(t, []string{"brainstorm", "create-feature", "specify", "design", "create-plan", "create-tasks", "implement", "finish-feature"}, chain)

	edges := map[string]string{} // "from>to" → label, by kind
	for _, e := range g.Edges {
		edges[e.From+">"+e.To] = e.Label
		if e.Kind == graph.Next {
			assert.Empty(t, e.Label)
		}
	}
	want := map[string]string{
		// review sites: fresh, then continued while resume state holds the agent id
		"c_specify>a_spec_reviewer":           "fresh + continued",
		"c_specify>a_phase_reviewer":          "fresh + continued",
		"c_design>a_design_reviewer":          "fresh + continued",
		"c_create_plan>a_plan_reviewer":       "fresh + continued",
		"c_create_tasks>a_task_reviewer":      "fresh + continued",
		"c_implement>a_security_reviewer":     "fresh + continued",
		"c_implement>a_implementer":           "fresh + continued", // I7 fix dispatch
		"c_design>a_codebase_explorer":        "fresh",             // Stage 0 research
		"c_design>a_internet_researcher":      "fresh",
		"c_implement>a_code_simplifier":       "fresh",
		"c_implement>a_test_deepener":         "fresh",
		"s_implementing>a_implementer":        "fresh", // one implementer per task
		"c_specify>s_specifying":              "",
		"c_design>s_designing":                "",
		"c_implement>s_implementing":          "",
		"c_brainstorm>s_brainstorming":        "",
		"c_finish_feature>s_retrospecting":    "",
		"e_SessionStart>h_session_start_2esh": "startup, resume, clear, fork",
		"e_Stop>h_yolo_stop_2esh":             "",
	}
	for k, label := range want {
		got, ok := edges[k]
		if assert.True(t, ok, "missing edge %s", k) {
			assert.Equal(t, label, got, k)
		}
	}
	for _, absent := range []string{"c_specify>a_codebase_explorer", "c_specify>s_implementing", "c_implement>s_implementing_x"} {
		_, ok := edges[absent]
		assert.False(t, ok, "unexpected edge %s", absent)
	}
}

// TestClassicWording: the task-resume variant says "resumed".
func TestClassicWording(t *testing.T) {
	g := draw(t, realPlan(t), "iflow-classic")
	out := graph.Mermaid(g)
	assert.Contains(t, out, `c_specify -->|"fresh + resumed"| a_spec_reviewer`)
	assert.Contains(t, out, `c_specify["/iflow-classic:specify"]`)
	assert.NotContains(t, out, "continued")
}

// TestDeterministic: two renders of the same sources draw the same bytes.
func TestDeterministic(t *testing.T) {
	a := draw(t, realPlan(t), "")
	b := draw(t, realPlan(t), "")
	assert.Equal(t, graph.Mermaid(a), graph.Mermaid(b))
	assert.Equal(t, graph.Dot(a), graph.Dot(b))
}

func TestUnknownVariant(t *testing.T) {
	_, err := realPlan(t).Output("nope")
	assert.ErrorContains(t, err, `variant "nope"`)
}

// TestScaffold draws a plugin without roles.yaml: every command, the skill
// it follows, the agent it dispatches, and its hook.
func TestScaffold(t *testing.T) {
	dir := t.TempDir()
	_, err := scaffold.Write(dir, scaffold.Options{Name: "demo", Author: "Demo"})
	require.NoError(t, err)
	plan, err := pipeline.MakePlan(pipeline.Options{Src: filepath.Join(dir, "plugin-src"), Dist: filepath.Join(dir, "dist")})
	require.NoError(t, err)
	g := draw(t, plan, "")
	out := graph.Mermaid(g)
	for _, line := range []string{
		`c_review_changes["/demo:review-changes"]`,
		`c_review_changes -.-> s_review_checklist`,
		`c_review_changes -->|"fresh"| a_change_reviewer`,
		`e_SessionStart -->|"startup, resume, clear"| h_session_start_2esh`,
	} {
		assert.Contains(t, out, line)
	}
	assert.NotContains(t, out, "==>", "no phases, no chain")
}
