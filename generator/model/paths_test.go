package model

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestComponentAt: ComponentAt undoes each path function, and refuses
// what is no component's path.
func TestComponentAt(t *testing.T) {
	for kind, at := range map[Kind]func(string) string{KindCommand: CommandPath, KindAgent: AgentPath, KindSkill: SkillPath} {
		k, name, ok := ComponentAt(at("review-kit"))
		assert.True(t, ok, kind)
		assert.Equal(t, kind, k)
		assert.Equal(t, "review-kit", name)
	}
	for _, rel := range []string{"commands/.md", "commands/x.txt", "commands/a/b.md", "skills/x/README.md", "skills/SKILL.md", "hooks/hooks.json", "README.md"} {
		_, _, ok := ComponentAt(rel)
		assert.False(t, ok, rel)
	}
}
