package main

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// makeLine matches a `make <target>` command at the start of a script line.
var makeLine = regexp.MustCompile(`(?m)^\s*make\s+([A-Za-z0-9_.-]+)\s*$`)

func makeTargets(script string) []string {
	var out []string
	for _, m := range makeLine.FindAllStringSubmatch(script, -1) {
		out = append(out, m[1])
	}
	return out
}

type workflow struct {
	Name        string         `yaml:"name"`
	On          map[string]any `yaml:"on"`
	Permissions map[string]string
	Jobs        map[string]struct {
		RunsOn      string            `yaml:"runs-on"`
		Permissions map[string]string `yaml:"permissions"`
		Steps       []struct {
			Name string            `yaml:"name"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			If   string            `yaml:"if"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(false)
	require.NoError(t, dec.Decode(v), path)
}

// workflowOnly are make targets GitHub Actions runs that .ci/run does not,
// each for a stated reason.
var workflowOnly = map[string]string{
	"release-check": "installs and runs GoReleaser: minutes, where .ci/run's `make cross` takes seconds",
}

// TestWorkflowRunsCITargets: GitHub Actions runs exactly the make targets
// .ci/run runs, in the same order, plus lint as SARIF and annotations, plus
// the workflowOnly targets.
func TestWorkflowRunsCITargets(t *testing.T) {
	ciRun, err := os.ReadFile("../../.ci/run")
	require.NoError(t, err)
	want := makeTargets(string(ciRun))
	require.NotEmpty(t, want, ".ci/run runs no make target")

	var wf workflow
	readYAML(t, "../../.github/workflows/ci.yml", &wf)
	require.Contains(t, wf.On, "pull_request")
	require.Contains(t, wf.On, "push")

	var got []string
	var sarif, upload, annotate bool
	only := map[string]string{}
	for k, v := range workflowOnly {
		only[k] = v
	}
	for _, id := range sortedJobIDs(wf.Jobs) {
		job := wf.Jobs[id]
		assert.NotEmpty(t, job.RunsOn, "job %s", id)
		for _, s := range job.Steps {
			for _, target := range makeTargets(s.Run) {
				if _, ok := workflowOnly[target]; ok {
					delete(only, target)
					continue
				}
				got = append(got, target)
			}
			if s.Uses != "" {
				assert.Regexp(t, `^[\w.-]+/[\w./-]+@v\d+$`, s.Uses, "actions are pinned by major tag")
			}
			if strings.Contains(s.Run, "plugforge lint --format sarif > plugforge.sarif") {
				sarif = true
			}
			if strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
				upload = true
				assert.Equal(t, "plugforge.sarif", s.With["sarif_file"])
				assert.Equal(t, "write", job.Permissions["security-events"], "upload-sarif needs security-events: write")
				assert.Contains(t, s.If, "always()", "upload even when lint finds problems")
			}
			if strings.Contains(s.Run, "plugforge lint --format github") {
				annotate = true
			}
		}
	}
	assert.Equal(t, want, got, "the workflow's make targets differ from .ci/run's")
	assert.Empty(t, only, "workflow-only targets the workflow does not run")
	assert.True(t, sarif, "a step writes plugforge.sarif")
	assert.True(t, upload, "a step uploads it with upload-sarif")
	assert.True(t, annotate, "a step annotates with --format github")
}

// sortedJobIDs orders jobs so the comparison does not depend on map order.
func sortedJobIDs[V any](m map[string]V) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// TestActionMetadata: action.yml is a composite action other repositories
// can use, with the inputs the README documents.
func TestActionMetadata(t *testing.T) {
	var a struct {
		Name        string `yaml:"name"`
		Description string `yaml:"description"`
		Inputs      map[string]struct {
			Description string `yaml:"description"`
			Required    bool   `yaml:"required"`
			Default     string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Using string `yaml:"using"`
			Steps []struct {
				Uses  string            `yaml:"uses"`
				Run   string            `yaml:"run"`
				Shell string            `yaml:"shell"`
				Env   map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	readYAML(t, "../../action.yml", &a)
	assert.NotEmpty(t, a.Name)
	assert.NotEmpty(t, a.Description)
	for _, in := range []string{"path", "fail-on", "format"} {
		if assert.Contains(t, a.Inputs, in) {
			assert.NotEmpty(t, a.Inputs[in].Description, "input %s", in)
			assert.NotEmpty(t, a.Inputs[in].Default, "input %s has a default", in)
		}
	}
	assert.Equal(t, "composite", a.Runs.Using)
	require.NotEmpty(t, a.Runs.Steps)
	lints := false
	for _, s := range a.Runs.Steps {
		if s.Run == "" {
			assert.Regexp(t, `@v\d+$`, s.Uses)
			continue
		}
		assert.Equal(t, "bash", s.Shell, "composite run steps must name a shell")
		assert.NotContains(t, s.Run, "${{", "inputs go through env, never into the script text")
		if strings.Contains(s.Run, " lint ") || strings.Contains(s.Run, "(lint ") {
			lints = true
			for _, in := range []string{"path", "fail-on", "format"} {
				assert.Contains(t, strings.Join(values(s.Env), " "), "inputs."+in)
			}
		}
	}
	assert.True(t, lints, "a step runs plugforge lint")
}

func values(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
