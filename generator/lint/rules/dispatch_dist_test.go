package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// repoRoot is the module root, three levels above this package.
var repoRoot = filepath.Join("..", "..", "..")

// dpEngine is the dispatch family with the repository's .plugforge.yaml.
func dpEngine(t *testing.T) *lint.Engine {
	t.Helper()
	var cfg *config.Config
	if p := config.Find(repoRoot); p != "" {
		c, err := config.Load(p)
		if err != nil {
			t.Fatalf("loading %s: %v", p, err)
		}
		cfg = c
	}
	e, err := lint.New(OfFamily(famDispatch.Name), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func dpLoad(t *testing.T, dir, display string) []*snapshot.Plugin {
	t.Helper()
	u, err := snapshot.Resolve(dir, display, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestDispatchDistClean: the rendered plugin, in both dialects, has no
// dispatch finding at any severity.
func TestDispatchDistClean(t *testing.T) {
	var units []*snapshot.Plugin
	for _, v := range []string{"iflow", "iflow-classic"} {
		units = append(units, dpLoad(t, filepath.Join(repoRoot, "dist", v), "dist/"+v)...)
	}
	for _, f := range dpEngine(t).Run(units) {
		t.Errorf("%s:%d:%d: %s %s: %s", f.Path, f.Line, f.Column, f.Rule, f.Alias, f.Message)
	}
}

// TestDispatchDistBlocks guards the clean run against vacuity: the parser
// finds every dispatch block of the rendered specify and implement commands.
func TestDispatchDistBlocks(t *testing.T) {
	for _, c := range []struct {
		variant, file            string
		fresh, continued, agents int
	}{
		{"iflow", "commands/specify.md", 2, 2, 2},
		{"iflow-classic", "commands/specify.md", 2, 2, 0},
		{"iflow", "commands/implement.md", 7, 7, 7},
		{"iflow", "skills/implementing/SKILL.md", 1, 0, 1},
	} {
		p := dpLoad(t, filepath.Join(repoRoot, "dist", c.variant), c.variant)[0]
		df := facts.Dispatches.Of(lint.Unchecked(p), p.File(c.file))
		fresh, cont, agents := 0, 0, 0
		for _, b := range df.Blocks {
			if b.Fresh() {
				fresh++
				if b.Artifacts == nil && b.Agent() != "test-deepener" {
					t.Errorf("%s/%s:%d: fresh dispatch of %s without Required Artifacts", c.variant, c.file, b.Line, b.Agent())
				}
			}
			if b.Continued() {
				cont++
				if df.Role(b) == "" {
					t.Errorf("%s/%s:%d: continued dispatch with no role", c.variant, c.file, b.Line)
				}
			}
			if b.Tool == "Agent" {
				agents++
			}
		}
		if fresh != c.fresh || cont != c.continued || agents != c.agents {
			t.Errorf("%s/%s: %d fresh, %d continued, %d Agent blocks; want %d, %d, %d",
				c.variant, c.file, fresh, cont, agents, c.fresh, c.continued, c.agents)
		}
	}
}

// TestDispatchMutations edits a copy of a rendered variant (mostly
// dist/iflow/commands/specify.md) and expects the intended rule, and only
// it, to fire, at the intended line.
func TestDispatchMutations(t *testing.T) {
	for _, m := range dpMutations {
		t.Run(m.name, func(t *testing.T) {
			variant, file := "iflow", "commands/specify.md"
			if m.variant != "" {
				variant = m.variant
			}
			if m.file != "" {
				file = m.file
			}
			src := filepath.Join(repoRoot, "dist", variant)
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
			target := filepath.Join(dir, filepath.FromSlash(file))
			orig, err := os.ReadFile(target)
			if err != nil {
				t.Fatal(err)
			}
			text := string(orig)
			for _, e := range m.edits {
				if !strings.Contains(text, e[0]) {
					t.Fatalf("mutation anchor %q not found", e[0])
				}
				if m.all {
					text = strings.ReplaceAll(text, e[0], e[1])
				} else {
					text = strings.Replace(text, e[0], e[1], 1)
				}
			}
			if err := os.WriteFile(target, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, f := range dpEngine(t).Run(dpLoad(t, dir, variant)) {
				if f.Rule != m.rule {
					t.Errorf("unexpected %s at %s:%d: %s", f.Rule, f.Path, f.Line, f.Message)
					continue
				}
				n++
				t.Logf("%s:%d: %s", f.Path, f.Line, f.Message)
				data, err := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(f.Path, variant+"/")))
				if err != nil {
					t.Fatal(err)
				}
				if line := dpLineOf(string(data), f.Line); !strings.Contains(line, m.at) {
					t.Errorf("%s fired at %s:%d (%q), want a line holding %q", f.Rule, f.Path, f.Line, line, m.at)
				}
			}
			if n == 0 || m.once && n != 1 {
				t.Errorf("%s fired %d times", m.rule, n)
			}
		})
	}
}

func dpLineOf(text string, n int) string {
	lines := strings.Split(text, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

const (
	dpIterCtx = "\n    ## Iteration Context\n    This is iteration {iteration} of {max}.\n    {if iteration > 1: \"Previous issues to re-evaluate:\\n{issue list from previous iteration}\"}\n"
	dpSchema1 = "      \"issues\": [{\"severity\": \"blocker|warning|suggestion\", \"category\": \"...\", \"description\": \"...\", \"location\": \"...\", \"suggestion\": \"...\"}],\n      \"summary\": \"...\"\n    }\n```\n\n**Collect the result** of the spec-reviewer (continuation):"
)

// dpMutations: name, the rule expected, a substring of the lines it must be
// reported at, and the edits (old, new; first occurrence each).
var dpMutations = []struct {
	name, rule, at string
	edits          [][2]string
	variant, file  string // default iflow, commands/specify.md
	once           bool   // exactly one finding (else one or more)
	all            bool   // replace every occurrence of each anchor, not the first
}{
	{"iteration context above required artifacts", "DP001", "## Required Artifacts", [][2]string{
		{"\n    ## Spec (what you're reviewing)\n    {content of spec.md}\n" + dpIterCtx, "\n    ## Spec (what you're reviewing)\n    {content of spec.md}\n"},
		{"Find gaps.\n\n    ## Required Artifacts", "Find gaps.\n" + dpIterCtx + "\n    ## Required Artifacts"},
	}, "", "", true, false},
	{"required artifacts without Files read directive", "DP002", "## Required Artifacts", [][2]string{
		{"    After reading, confirm: \"Files read: {name} ({N} lines), ...\" in a single line.\n    {resolved PRD line from I8}\n\n    Return", "    {resolved PRD line from I8}\n\n    Return"},
	}, "", "", true, false},
	{"prose inside required artifacts", "DP003", "Also skim", [][2]string{
		{"    {resolved PRD line from I8}\n\n    Return", "    {resolved PRD line from I8}\n    Also skim the README.\n\n    Return"},
	}, "", "", true, false},
	{"spec listed before prd", "DP004", "{resolved PRD line from I8}", [][2]string{
		{"    {resolved PRD line from I8}\n    - Spec: {feature_path}/spec.md\n", "    - Spec: {feature_path}/spec.md\n    {resolved PRD line from I8}\n"},
	}, "", "", true, false},
	{"review target listed", "DP005", "- Spec:", [][2]string{
		{"    {resolved PRD line from I8}\n\n    Return", "    {resolved PRD line from I8}\n    - Spec: {feature_path}/spec.md\n\n    Return"},
	}, "", "", true, false},
	{"phase-reviewer without prd", "DP006", "## Required Artifacts", [][2]string{
		{"    {resolved PRD line from I8}\n    - Spec: {feature_path}/spec.md\n", "    - Spec: {feature_path}/spec.md\n"},
	}, "", "", true, false},
	{"I9 paragraph deleted", "DP007", "Agent tool call:", [][2]string{
		{"**Fallback detection (I9):** After receiving the spec-reviewer's response", "After receiving the spec-reviewer's response"},
		{"log `LAZY-LOAD-WARNING: spec-reviewer did not confirm artifact reads` to `.review-history.md`. Proceed regardless. Note", "note it. Proceed regardless. Note"},
	}, "", "", true, false},
	{"continued prompt lists artifacts", "DP008", "## Required Artifacts", [][2]string{
		{"    spec.md in context from your prior review.\n", "    spec.md in context from your prior review.\n\n    ## Required Artifacts\n    - Spec: {feature_path}/spec.md\n"},
	}, "", "", true, false},
	{"continued prompt without context directive", "DP009", "Here is", [][2]string{
		{"    You already have the upstream artifacts and the previous version of\n    spec.md in context", "    Here is what changed in\n    spec.md since"},
	}, "", "", true, false},
	{"RESUME-FALLBACK with a hyphen", "DP010", "RESUME-FALLBACK: spec-reviewer iteration {iteration} - {error summary}", [][2]string{
		{"RESUME-FALLBACK: spec-reviewer iteration {iteration} — {error summary}", "RESUME-FALLBACK: spec-reviewer iteration {iteration} - {error summary}"},
	}, "", "", true, false},
	{"delta guard deleted", "DP011", "SendMessage tool call:", [][2]string{
		{"**Delta size guard:** `delta_chars` = `Bash: git diff {resume_state[\"spec-reviewer\"].last_commit_sha} HEAD -- \"{feature_path}/spec.md\" | wc -c`. If `delta_chars` > 50% of `resume_state[\"spec-reviewer\"].iteration1_prompt_length`, the delta is too large: use the fresh I1-R4 dispatch instead (its store step replaces the entry).\n\n", ""},
	}, "", "", true, false},
	{"content injection", "DP013", "{content of prd.md}", [][2]string{
		{"    ## Spec (what you're reviewing)\n", "    ## PRD\n    {content of prd.md}\n\n    ## Spec (what you're reviewing)\n"},
	}, "", "", true, false},
	{"fresh dispatch annotation", "DP014", "Fresh dispatch per iteration", [][2]string{
		{"c. **Dispatch decision for spec-reviewer** (the first rule that applies):", "c. **Dispatch decision for spec-reviewer** (Fresh dispatch per iteration):"},
	}, "", "", true, false},
	{"resume on an Agent block", "DP015", "resume:", [][2]string{
		{"  subagent_type: iflow:spec-reviewer\n", "  subagent_type: iflow:spec-reviewer\n  resume: {resume_state[\"spec-reviewer\"].agent_id}\n"},
	}, "", "", true, false},
	{"no word on how a result arrives", "DP019", "SendMessage tool call:", [][2]string{
		// every way the file says how the report arrives (facts.ResultArrival), not only the tag's name
		{"task-notification", "reply"}, {"notification", "reply"}, {"arrives in a later message", "is in the tool result"},
	}, "", "", true, true},
	{"only an error fails a continuation", "DP020", "SendMessage tool call:", [][2]string{
		{"not resumed", "not continued"},
	}, "", "", true, true},
	{"continued schema drifts", "DP018", "{", [][2]string{
		{dpSchema1, "      \"summary\": \"...\"\n    }\n```\n\n**Collect the result** of the spec-reviewer (continuation):"},
	}, "", "", true, false},
	{"guard before the final-validation dispatch", "DP012", "Delta size guard", [][2]string{
		{"HEAD --stat\nBash: git diff {resume_state[\"implementation-reviewer\"].last_commit_sha} HEAD\n```\n\n",
			"HEAD --stat\nBash: git diff {resume_state[\"implementation-reviewer\"].last_commit_sha} HEAD\n```\n\n**Delta size guard:** If the diff exceeds 50% of `resume_state[\"implementation-reviewer\"].iteration1_prompt_length`, dispatch fresh instead.\n\n"},
	}, "iflow", "commands/implement.md", true, false},
	{"classic build without the manifest that records its dialect", "DP017", "resume:", [][2]string{
		{`"generator": "plugforge"`, `"generator": "someone else"`},
	}, "iflow-classic", ".plugforge-manifest.json", false, false},
}
