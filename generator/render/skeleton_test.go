package render

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/model"
	"github.com/plugforge/plugforge/generator/source"
	"github.com/plugforge/plugforge/templates"
)

var update = flag.Bool("update", false, "rewrite golden files")

// realPlugin loads the repository's plugin-src and prepares it.
func realPlugin(t testing.TB) (*Prepared, *source.Plugin) {
	t.Helper()
	eng, err := NewEngine(templates.FS)
	require.NoError(t, err)
	src, err := source.Load(os.DirFS("../../plugin-src"), "plugin-src")
	require.NoError(t, err)
	prep, err := eng.Prepare(src)
	require.NoError(t, err)
	return prep, src
}

// page is a rendering context for one dialect, outside any body.
func page(prep *Prepared, d model.Dialect, command string) *Page {
	info := PluginInfo{Name: "iflow", Version: "1.0.0", Dialect: Dialect{d}}
	return &Page{Plugin: info, Command: command, run: newRun(prep.src, info, prep.set)}
}

func exec(t *testing.T, prep *Prepared, name string, data any) string {
	t.Helper()
	var b bytes.Buffer
	tm := prep.set.Lookup(name)
	require.NotNil(t, tm, "no template %q", name)
	require.NoError(t, tm.Execute(&b, data), name)
	return b.String()
}

var dialects = []model.Dialect{model.TaskResume, model.AgentSendMessage}

// everySite calls f for every dispatch site in roles.yaml.
func everySite(t *testing.T, prep *Prepared, d model.Dialect, f func(*Dispatch)) {
	for _, cmd := range model.SortedKeys(prep.src.Roles.Commands) {
		for _, role := range model.SortedKeys(prep.src.Roles.Commands[cmd]) {
			disp, err := page(prep, d, cmd).StageOf(cmd, role)
			require.NoError(t, err)
			f(disp)
		}
	}
}

// TestGoldenTemplates renders every template in both dialects and compares
// with testdata/golden (go test ./generator/render -update rewrites them).
func TestGoldenTemplates(t *testing.T) {
	prep, _ := realPlugin(t)
	type input struct {
		name string // the golden file's name, and the template's unless tmpl is set
		data func(p *Page) (any, error)
		tmpl string
	}
	stage := func(cmd, role string) func(p *Page) (any, error) {
		return func(p *Page) (any, error) { return p.StageOf(cmd, role) }
	}
	inputs := []input{
		{"dispatch.fresh", stage("specify", "phase-reviewer"), ""},
		{"dispatch.resumed", stage("implement", "security-reviewer"), ""},
		{"dispatch.final", stage("implement", "implementation-reviewer"), ""},
		{"dispatch.fallback", stage("create-plan", "plan-reviewer"), ""},
		{"dispatch.compaction", stage("implement", "implementer"), ""},
		{"state.store", stage("design", "design-reviewer"), ""},
		{"state.update", stage("design", "design-reviewer"), ""},
		{"state.guard", stage("design", "design-reviewer"), ""},
		{"block.prd", stage("design", "design-reviewer"), ""},
		{"block.filesread", stage("implement", "code-simplifier"), ""},
		{"block.commit", stage("implement", "implementer"), ""},
		{"block.threshold", stage("implement", "implementer"), ""},
		{"block.breaker", stage("implement", "implementer"), ""},
		{"history.phase", stage("create-tasks", "task-reviewer"), ""},
		{"history.implement", stage("implement", "implementer"), ""},
		{"block.learnings", func(p *Page) (any, error) { return "implement", nil }, ""},
		{"loop.reviewer", stage("create-tasks", "task-reviewer"), ""},
		{"loop.phase", func(p *Page) (any, error) { p.Command = "create-plan"; return p.Review() }, ""},
		{"loop.implement", func(p *Page) (any, error) {
			p.Command = "implement"
			return p.ImplementReview("implementer", "implementation-reviewer", "code-quality-reviewer", "security-reviewer")
		}, ""},
		{"block.prereq", func(p *Page) (any, error) { p.Command = "implement"; return p.Phase() }, ""},
		{"command.phase", func(p *Page) (any, error) { p.Command = "design"; return p.Phase() }, ""},
		{"protocol", func(p *Page) (any, error) { return p.Plugin.Dialect, nil }, ""},
		{"collect.fresh", func(p *Page) (any, error) {
			d, err := p.StageOf("implement", "code-simplifier")
			if err != nil {
				return nil, err
			}
			return d.CollectFresh(), nil
		}, "collect"},
		{"collect.continued", func(p *Page) (any, error) {
			d, err := p.StageOf("implement", "security-reviewer")
			if err != nil {
				return nil, err
			}
			return d.CollectContinued(), nil
		}, "collect"},
	}
	for _, in := range inputs {
		for _, d := range dialects {
			t.Run(in.name+"/"+string(d), func(t *testing.T) {
				data, err := in.data(page(prep, d, ""))
				require.NoError(t, err)
				tmpl := in.name
				if in.tmpl != "" {
					tmpl = in.tmpl
				}
				got := exec(t, prep, tmpl, data)
				golden := filepath.Join("testdata", "golden", in.name+"."+string(d)+".md")
				if *update {
					require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
					require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
				}
				want, err := os.ReadFile(golden)
				require.NoError(t, err, "run go test ./generator/render -update")
				assert.Equal(t, string(want), got)
			})
		}
	}
}

// TestFreshStaticBeforeDynamic proves R4 at every fresh dispatch site: the
// last static line (rubric, coda, Required Artifacts, checklist, Next Phase
// Expectations, schema) comes before the first dynamic section.
func TestFreshStaticBeforeDynamic(t *testing.T) {
	prep, _ := realPlugin(t)
	for _, d := range dialects {
		everySite(t, prep, d, func(s *Dispatch) {
			out := exec(t, prep, "dispatch.fresh", s)
			lastStatic := strings.Index(out, s.Rubric())
			for _, needle := range []string{s.Role.Coda, "## Required Artifacts", "## Next Phase Expectations", strings.TrimSpace(s.Role.Checklist)} {
				if i := strings.Index(out, firstLine(needle)); needle != "" && i > lastStatic {
					lastStatic = i
				}
			}
			if sc := s.Schema(); sc != nil {
				lines := sc.Lines()
				i := strings.Index(out, sc.Intro)
				require.GreaterOrEqual(t, i, 0)
				lastStatic = i + strings.Index(out[i:], lines[len(lines)-1])
			}
			firstDynamic := len(out)
			dyn := []string{"## Domain Reviewer Outcome", "## Iteration Context"}
			for _, sec := range s.Dynamic() {
				dyn = append(dyn, "## "+sec.Header)
			}
			for _, h := range dyn {
				if i := strings.Index(out, h); i >= 0 && i < firstDynamic {
					firstDynamic = i
				}
			}
			assert.Less(t, lastStatic, firstDynamic, "%s/%s (%s): a static section follows a dynamic one", s.Command, s.ID, d)
		})
	}
}

func firstLine(s string) string { return strings.SplitN(strings.TrimSpace(s), "\n", 2)[0] }

// TestResumedSchemaEqualsFresh proves a role's continued prompts (I2, I2-FV)
// repeat exactly the schema of its fresh prompt.
func TestResumedSchemaEqualsFresh(t *testing.T) {
	prep, _ := realPlugin(t)
	schemaOf := func(block string, sc *model.ReturnSchema) string {
		i := strings.Index(block, sc.Intro)
		require.GreaterOrEqual(t, i, 0, "no schema intro in\n%s", block)
		n := len(sc.Lines())
		lines := strings.Split(block[i:], "\n")[1 : n+1]
		for k := range lines {
			lines[k] = strings.TrimSpace(lines[k])
		}
		return strings.Join(lines, "\n")
	}
	checked := 0
	for _, d := range dialects {
		everySite(t, prep, d, func(s *Dispatch) {
			sc := s.Schema()
			if sc == nil || !sc.Approval { // every reviewer is continued by loop.reviewer
				return
			}
			fresh := schemaOf(exec(t, prep, "dispatch.fresh", s), sc)
			assert.Equal(t, fresh, schemaOf(exec(t, prep, "dispatch.resumed", s), sc), "%s/%s I2", s.Command, s.ID)
			if s.InImplement() {
				assert.Equal(t, fresh, schemaOf(exec(t, prep, "dispatch.final", s), sc), "%s/%s I2-FV", s.Command, s.ID)
			}
			checked++
		})
	}
	assert.Greater(t, checked, 10)
}
