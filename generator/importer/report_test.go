package importer

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blocksWhere lists, as path:line, the passages of dir's markdown whose
// text satisfies is. It reads the files itself, line by line, so the
// expectations below do not come from the code under test.
func blocksWhere(t *testing.T, dir string, is func(text string) bool) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		rel, _ := filepath.Rel(dir, p)
		lines := strings.Split(string(b), "\n")
		start, fenced := -1, false
		flush := func(end int) {
			if start >= 0 && is(strings.Join(lines[start:end], "\n")) {
				out = append(out, filepath.ToSlash(rel)+":"+strconv.Itoa(start+1))
			}
			start = -1
		}
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "```") {
				fenced = !fenced
			} else if strings.TrimSpace(l) == "" && !fenced {
				flush(i)
				continue
			}
			if start < 0 {
				start = i
			}
		}
		flush(len(lines))
		return nil
	}))
	sort.Strings(out)
	return out
}

// groupOf returns the copies of the report group holding the passage at
// loc, as path:line.
func groupOf(rep *RepeatedBlocks, loc string) []string {
	for _, g := range rep.Groups {
		var locs []string
		found := false
		for _, c := range g.Copies {
			l := c.Path + ":" + strconv.Itoa(c.Line)
			locs = append(locs, l)
			found = found || l == loc
		}
		if found {
			sort.Strings(locs)
			return locs
		}
	}
	return nil
}

// On dist/iflow-classic the report finds each dispatch skeleton of
// document 001 as one group, holding every copy and nothing else: the
// fresh I1-R4 dispatch with its Required Artifacts, the resumed I2 (and
// I2-FV) dispatch, the I3 fallback, the step that stores resume_state
// after a fresh dispatch and the one that updates it after a resume.
func TestReportGroupsDispatchBlocks(t *testing.T) {
	const dir = "../../dist/iflow-classic"
	rep, err := Report(dir)
	require.NoError(t, err)
	kinds := map[string]func(string) bool{
		"fresh I1-R4": func(s string) bool {
			return strings.Contains(s, "Task tool call:\n  description:") && strings.Contains(s, "## Required Artifacts")
		},
		// The implementer's I7 resume and fallback word other prompts
		// ("New Issues to Fix", "prior fix session"): skeletons of their own.
		"resumed I2": func(s string) bool {
			return strings.Contains(s, "Task tool call:\n  resume:") && !strings.Contains(s, "## New Issues to Fix")
		},
		"fallback I3": func(s string) bool {
			return strings.HasPrefix(s, "**I3 fallback**") && strings.Contains(s, "fresh I1-R4 prompt")
		},
		"store": func(s string) bool { return strings.HasPrefix(s, "After a fresh dispatch, store it in resume_state") },
		"update": func(s string) bool {
			return strings.HasPrefix(s, "**After a continuation's report:** update resume_state")
		},
	}
	seen := map[string]string{}
	for name, is := range kinds {
		want := blocksWhere(t, dir, is)
		require.GreaterOrEqual(t, len(want), 10, name)
		got := groupOf(rep, want[0])
		assert.Equal(t, want, got, "%s: one group with every copy and nothing else", name)
		for _, g := range got {
			assert.Empty(t, seen[g], "%s shares a group with %s", name, seen[g])
			seen[g] = name
		}
	}
	for i := 1; i < len(rep.Groups); i++ {
		assert.GreaterOrEqual(t, rep.Groups[i-1].Saving, rep.Groups[i].Saving, "biggest saving first")
	}
	assert.Equal(t, "Task tool call: / description: \"Review implementation against requirements chain\"", rep.Groups[0].Head)
}

// The report is the same on every run, and printing it names each copy
// as path:line under the directory given.
func TestReportDeterministic(t *testing.T) {
	var first bytes.Buffer
	rep, err := Report("../../dist/iflow")
	require.NoError(t, err)
	rep.Write(&first)
	assert.Contains(t, first.String(), "\n   ../../dist/iflow/commands/specify.md:")
	for i := 0; i < 3; i++ {
		var again bytes.Buffer
		rep, err := Report("../../dist/iflow")
		require.NoError(t, err)
		rep.Write(&again)
		assert.Equal(t, first.String(), again.String())
	}
}

// Placeholders, names, file names and quoted strings may differ between
// copies; content lines may not, beyond half: the last block of two.md
// shares three of its seven lines and stays out.
func TestReportTolerance(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	block := func(agent, file, extra string) string {
		return "```\nDispatch:\n  subagent_type: p:" + agent + "\n  prompt: |\n    Review {" + file + "} carefully.\n    Read " + file + " first.\n    Say \"" + agent + "\" when done.\n" + extra + "```\n"
	}
	writeTree(t, dir, map[string]treeFile{
		".claude-plugin/plugin.json": {data: `{"name": "p"}`},
		"agents/alpha.md":            {data: "x\n"},
		"agents/beta.md":             {data: "x\n"},
		"commands/one.md":            {data: block("alpha", "spec.md", "") + "\n" + block("beta", "design.md", "    One more line.\n")},
		"commands/two.md": {data: "intro\n\n" + block("beta", "plan.md", "") + "\nUnrelated paragraph one.\nTwo.\nThree.\n\n" +
			"```\nDispatch:\n  subagent_type: p:alpha\n  prompt: |\n    Something else.\n    Entirely.\n    Four lines.\n    Of it.\n```\n"},
	})
	rep, err := Report(dir)
	require.NoError(t, err)
	require.Len(t, rep.Groups, 1)
	assert.Equal(t, []Copy{{"commands/one.md", 1, 6}, {"commands/one.md", 10, 7}, {"commands/two.md", 3, 6}}, rep.Groups[0].Copies)
	assert.Equal(t, 12, rep.Groups[0].Saving)
}

func BenchmarkReport(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Report("../../dist/iflow-classic"); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzPassages: any text splits into passages that lie inside it, in
// order, and the normaliser always finishes (a run of dots once looped).
func FuzzPassages(f *testing.F) {
	for _, s := range []string{"...\n", "a\n\n```\n\nb\n```\nc", "{x} \"q\" 'r' it's 1.5 spec.md.\n", "---\na: 1\n---\nbody\n", "{", "\"", "~~~\n", "ü..ü\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := newNormaliser([]string{"p", "p-x"})
		lines := strings.Count(text, "\n") + 1
		last := 0
		for _, p := range n.passages("f.md", text) {
			if p.line <= last || p.line+len(p.lines)-1 > lines {
				t.Fatalf("passage at %d (%d lines) out of order or outside %d lines", p.line, len(p.lines), lines)
			}
			last = p.line + len(p.lines) - 1
		}
	})
}
