package rules

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSkillsFolderThatIsASkill: when skills/ holds SKILL.md, 2.1.330 lists
// skills/ as the one skill (generator/lint/snapshot/testdata/names/
// skill-roots), so its folders are that skill's files: no LY003 for a
// scripts/ beside it, no CP012 for its frontmatter name.
func TestSkillsFolderThatIsASkill(t *testing.T) {
	dir := t.TempDir()
	for rel, body := range map[string]string{
		".claude-plugin/plugin.json": `{"name": "fixture", "version": "1.0.0", "description": "d", "author": {"name": "a"}, "license": "MIT"}`,
		"skills/SKILL.md":            "---\nname: releaser\ndescription: Cuts a release\n---\nRun scripts/release.sh to cut a release.\n",
		"skills/scripts/release.sh":  "#!/bin/sh\necho release\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range lintFixture(t, fixture{Dir: dir}) {
		if f.Rule == "LY003" || f.Rule == "CP012" {
			t.Errorf("%s:%d: %s %s", f.Path, f.Line, f.Rule, f.Message)
		}
	}
}
