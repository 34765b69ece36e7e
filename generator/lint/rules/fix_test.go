package rules

// Fix tests. Every rule that documents a fix (Doc.Fix) has its fires
// fixture run through the fix rounds of `plugforge lint --fix`
// (fix.NewPlan, fix.Apply, lint again), and the test proves:
//
//   - the fixture exercises the fix: at least one finding of the rule has one;
//   - every finding that had a fix is gone after fixing;
//   - nothing else changed: the findings after are exactly the findings
//     before minus the fixed ones (same path, rule and message; and same
//     line and column in files the fix did not touch);
//   - the files the fix touched hold what fixWant says, and every other
//     file of the tree keeps its bytes and mode;
//   - fixing is idempotent: a second lint has nothing left to fix.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/fix"
)

// fixedFile is a file of a fires fixture as a fix must leave it.
type fixedFile struct {
	path    string
	content string      // the whole file after fixing ("" with mode set: content unchanged)
	mode    fs.FileMode // the permission bits after fixing; 0: unchanged
}

// fixWant lists, per fixable rule, every file its fix changes.
var fixWant = map[string][]fixedFile{
	"SC011": {{path: ".claude-plugin/plugin.json", content: `{"name": "fixture", "version": "1.0.0", "description": "d", "author": {"name": "p"}}`}},
	"FM003": {{path: "commands/review.md", content: "---\ndescription: Review a pull request\n---\nReview the pull request.\n"}},
	"FM004": {{path: "commands/crlf-colon.md", content: "---\r\ndescription: \"Reviews: the change, <example>user: \\\"review\\\"</example>\"\r\n---\r\nReview the change.\r\n"},
		{path: "commands/crlf-line.md", content: "---\ndescription: \"Reviews: the change, <example>user: \\\"review\\\"</example>\"\r\nargument-hint: \"[pr]\"\n---\nReview the change.\n"}},
	"HK008": {{path: "hooks/check.sh", mode: 0o755}},
	"HK009": {{path: "hooks/check.sh", content: "#!/usr/bin/env bash\necho ok\n"}},
	"HK010": {{path: "scripts/setup.sh", content: "#!/usr/bin/env bash\necho ok\n"},
		{path: "scripts/report.py", content: "#!/usr/bin/env python3\nprint('report')\n"}, {path: "bin/tidy-notes", content: "#!/usr/bin/env python3\nprint('tidy')\n"}},
	"FM005": {{path: "commands/review.md", content: "---\ndescription: \"Review: finds bugs # want FM005:1 `frontmatter of command \\\"review\\\" has a value that is not valid YAML; only newer Claude Code releases repair it`\"\n---\nReview the pull request.\n"}, {path: "commands/colon-value.md", content: "---\ndescription: \"a: b # want FM005:1 `frontmatter of command \\\"colon-value\\\" has a value that is not valid YAML; only newer Claude Code releases repair it`\"\n---\nBody.\n"}, {path: "commands/unclosed-bracket.md", content: "---\ndescription: x\nargument-hint: \"[x # want FM005:1 `frontmatter of command \\\"unclosed-bracket\\\" has a value that is not valid YAML; only newer Claude Code releases repair it`\"\n---\nBody.\n"}, {path: "commands/backtick.md", content: "---\ndescription: \"`x` marks # want FM005:1 `frontmatter of command \\\"backtick\\\" has a value that is not valid YAML; only newer Claude Code releases repair it`\"\n---\nBody.\n"}},
	"FM007": {{path: "commands/review.md", content: "---\ndescription: Review a pull request\nargument-hint: \"[pr-number]\" # want FM007:16 `argument-hint of command \"review\" is a YAML list, not text`\n---\nReview pull request $ARGUMENTS.\n"}},
	"CP012": {{path: "skills/pdf-tools/SKILL.md", content: "---\nname: pdf-tools # want CP012:1 `skill directory \"pdf-tools\" has name \"pdf\": Claude Code registers it as \"pdf-tools\" and also answers to \"pdf\"`\ndescription: Works with the files\n---\nUse this skill to work with the files.\n"}},
	"CP002": {{path: "agents/reviewer.md", content: "---\nname: reviewer\ndescription: Reviews diffs for bugs\n---\nYou review diffs.\n"}},
	"HK003": {{path: "hooks/hooks.json", content: `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""}
        ]
      }
    ]
  }
}
`}},
	"SC009": {{path: "commands/review.md", content: "---\ndescription: Review a pull request\nallowed-tools: Read # want SC009:1 `command has unknown key \"allowed_tools\" at top level; Claude Code ignores it`\n---\nReview the current pull request.\n"}},
}

// treeFile is one regular file of a fixture tree.
type treeFile struct {
	data []byte
	mode fs.FileMode
}

func readTree(t *testing.T, root string) map[string]treeFile {
	t.Helper()
	out := map[string]treeFile{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = treeFile{data, st.Mode().Perm()}
		return nil
	})
	require.NoError(t, err)
	return out
}

// fixRounds runs the rounds of lint --fix on a fixture and returns the
// display paths of the files written.
func fixRounds(t *testing.T, fx fixture, enable ...string) map[string]bool {
	t.Helper()
	written := map[string]bool{}
	for round := 0; ; round++ {
		require.Less(t, round, 5, "fixes still pending after 5 rounds")
		plan := fix.NewPlan(lintFixture(t, fx, enable...))
		if len(plan.Files) == 0 {
			return written
		}
		require.NoError(t, fix.Apply(plan))
		for _, pf := range plan.Files {
			written[pf.Display] = true
		}
	}
}

// findingKey identifies a finding across a fix: its position counts only
// in files the fix did not touch, where nothing may move.
func findingKey(f lint.Finding, touched map[string]bool) string {
	if touched[f.Path] {
		return fmt.Sprintf("%s %s %s", f.Path, f.Rule, f.Message)
	}
	return fmt.Sprintf("%s:%d:%d %s %s", f.Path, f.Line, f.Column, f.Rule, f.Message)
}

func TestFixes(t *testing.T) {
	for _, r := range All() {
		if r.Doc.Fix == "" {
			assert.NotContains(t, fixWant, r.ID, "fixWant has %s, which documents no fix", r.ID)
			continue
		}
		r := r
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			want, ok := fixWant[r.ID]
			require.True(t, ok, "rule %s documents a fix but fixWant does not say what it changes", r.ID)
			fx := buildFixture(t, filepath.Join("testdata", r.ID, "fires"))
			before := lintFixture(t, fx, r.ID)
			tree := readTree(t, fx.Dir)
			fixable := map[string]bool{}
			for _, f := range before {
				if f.Fix != nil && !f.Fix.Generated {
					require.Equal(t, r.ID, f.Rule, "the fixture of %s has a fixable %s finding; keep fixtures to their rule", r.ID, f.Rule)
					fixable[findingKey(f, nil)] = true
				}
			}
			require.NotEmpty(t, fixable, "no finding of %s in its fires fixture comes with a fix", r.ID)

			touched := fixRounds(t, fx, r.ID)
			after := lintFixture(t, fx, r.ID)

			var wantKeys, gotKeys []string
			for _, f := range before {
				if !fixable[findingKey(f, nil)] {
					wantKeys = append(wantKeys, findingKey(f, touched))
				}
			}
			for _, f := range after {
				gotKeys = append(gotKeys, findingKey(f, touched))
			}
			sort.Strings(wantKeys)
			sort.Strings(gotKeys)
			assert.Equal(t, wantKeys, gotKeys, "findings after the fix must be those before minus the fixed ones")

			now := readTree(t, fx.Dir)
			assert.Equal(t, len(tree), len(now), "the fix adds or removes no file")
			changed := map[string]bool{}
			for _, w := range want {
				changed[w.path] = true
				got, ok := now[w.path]
				require.True(t, ok, "%s is gone", w.path)
				if w.content != "" {
					assert.Equal(t, w.content, string(got.data), "%s after the fix", w.path)
				} else {
					assert.Equal(t, string(tree[w.path].data), string(got.data), "%s: the fix changes only the mode", w.path)
				}
				wantMode := tree[w.path].mode
				if w.mode != 0 {
					wantMode = w.mode
				}
				assert.Equal(t, wantMode, got.mode, "mode of %s", w.path)
			}
			for rel, old := range tree {
				if !changed[rel] {
					assert.Equal(t, old, now[rel], "%s is not the fix's to change", rel)
				}
			}
			again := fix.NewPlan(after)
			assert.Empty(t, again.Files, "a second --fix would change something: not idempotent")
		})
	}
}
