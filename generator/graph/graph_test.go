package graph

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/outtree"
	"github.com/plugforge/plugforge/generator/pipeline"
	"github.com/plugforge/plugforge/generator/render"
	"github.com/plugforge/plugforge/generator/scaffold"
	"github.com/plugforge/plugforge/generator/source"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// realPlan renders the repository's plugin-src, every variant.
func realPlan(t testing.TB) *pipeline.Plan {
	t.Helper()
	plan, err := pipeline.MakePlan(pipeline.Options{Src: "../../plugin-src", Dist: "../../dist"})
	require.NoError(t, err)
	return plan
}

// TestGolden pins both formats for both iflow variants
// (go test ./generator/graph -update rewrites them).
func TestGolden(t *testing.T) {
	plan := realPlan(t)
	for _, variant := range []string{"iflow", "iflow-classic"} {
		g, err := FromPlan(plan, variant)
		require.NoError(t, err)
		for ext, write := range map[string]func(*Graph) string{"mmd": Mermaid, "dot": Dot} {
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
	g, err := FromPlan(realPlan(t), "")
	require.NoError(t, err)
	assert.Equal(t, "iflow", g.Variant, "the first declared variant is the default")

	var chain []string
	for _, n := range g.Nodes {
		if n.Kind == Command {
			chain = append(chain, strings.TrimPrefix(n.Label, "/iflow:"))
		}
	}
	assert.Equal(t, []string{"brainstorm", "create-feature", "specify", "design", "create-plan", "create-tasks", "implement", "finish-feature"}, chain)

	edges := map[string]string{} // "from>to" → label, by kind
	for _, e := range g.Edges {
		edges[e.From+">"+e.To] = e.Label
		if e.Kind == Next {
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
	g, err := FromPlan(realPlan(t), "iflow-classic")
	require.NoError(t, err)
	out := Mermaid(g)
	assert.Contains(t, out, `c_specify -->|"fresh + resumed"| a_spec_reviewer`)
	assert.Contains(t, out, `c_specify["/iflow-classic:specify"]`)
	assert.NotContains(t, out, "continued")
}

// TestDeterministic: two renders of the same sources draw the same bytes.
func TestDeterministic(t *testing.T) {
	a, err := FromPlan(realPlan(t), "")
	require.NoError(t, err)
	b, err := FromPlan(realPlan(t), "")
	require.NoError(t, err)
	assert.Equal(t, Mermaid(a), Mermaid(b))
	assert.Equal(t, Dot(a), Dot(b))
}

func TestUnknownVariant(t *testing.T) {
	_, err := FromPlan(realPlan(t), "nope")
	assert.ErrorContains(t, err, `variant "nope"`)
}

// TestIDs: ids are distinct for distinct names and safe in both formats.
func TestIDs(t *testing.T) {
	names := []string{"a-b", "a_b", "a.b", "a b", "A-b", "ab", "a--b"}
	seen := map[string]string{}
	for _, k := range []Kind{Command, Skill, Agent, Event, Script} {
		for _, n := range names {
			got := id(k, n)
			assert.Regexp(t, `^[A-Za-z0-9_]+$`, got)
			if prev, dup := seen[got]; dup {
				t.Errorf("id %q for both %q and %q", got, prev, n)
			}
			seen[got] = n
		}
	}
}

// TestScaffold draws a plugin without roles.yaml: every command, the skill
// it follows, the agent it dispatches, and its hook.
func TestScaffold(t *testing.T) {
	dir := t.TempDir()
	_, err := scaffold.Write(dir, scaffold.Options{Name: "demo", Author: "Demo"})
	require.NoError(t, err)
	g, err := Load(pipeline.Options{Src: filepath.Join(dir, "plugin-src"), Dist: filepath.Join(dir, "dist")})
	require.NoError(t, err)
	out := Mermaid(g)
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

// synthetic builds a plugin "p" whose commands say what texts holds.
func synthetic(phases map[string]string, texts map[string]string) (*source.Plugin, pipeline.Output) {
	src := &source.Plugin{Roles: &model.Roles{Phases: map[string]*model.Phase{}}}
	for from, to := range phases {
		src.Roles.Phases[from] = &model.Phase{Title: from, Next: to}
	}
	out := pipeline.Output{ID: "p", Info: render.PluginInfo{Name: "p", Dialect: render.Dialect{Dialect: model.AgentSendMessage}}}
	for _, name := range model.SortedKeys(texts) {
		src.Commands = append(src.Commands, source.Doc[model.Command]{Name: name})
		out.Files = append(out.Files, outtree.File{Path: commandPath(name), Data: []byte(texts[name])})
	}
	return src, out
}

func chainOf(t *testing.T, src *source.Plugin, out pipeline.Output) []string {
	t.Helper()
	g, err := Build(src, out)
	require.NoError(t, err)
	var names []string
	for _, n := range g.Nodes {
		if n.Kind == Command {
			names = append(names, strings.TrimPrefix(n.Label, "/p:"))
		}
	}
	return names
}

// TestChainEnds: the chain grows backwards only through one unambiguous
// Completion hand-off, forwards past the last phase, and survives a phase
// whose command is missing.
func TestChainEnds(t *testing.T) {
	texts := map[string]string{
		"intro":  "## YOLO\n- Completion → directly invoke `/p:start`.\n",
		"start":  "",
		"middle": "",
		"end":    "- Completion → invoke /p:after directly.\n",
		"after":  "",
		"other":  "Run /p:start later.\n", // a mention is not a hand-off
	}
	src, out := synthetic(map[string]string{"start": "middle", "middle": "end"}, texts)
	assert.Equal(t, []string{"intro", "start", "middle", "end", "after"}, chainOf(t, src, out))

	texts["other"] = "- Completion → invoke /p:start.\n"
	src, out = synthetic(map[string]string{"start": "middle", "middle": "end"}, texts)
	assert.Equal(t, []string{"start", "middle", "end", "after"}, chainOf(t, src, out), "two hand-offs into start: neither is chosen")

	src, out = synthetic(map[string]string{"ghost": "start"}, map[string]string{"start": "", "b": ""})
	assert.Equal(t, []string{"b", "start"}, chainOf(t, src, out), "no command for the first phase: every command, sorted")
}
