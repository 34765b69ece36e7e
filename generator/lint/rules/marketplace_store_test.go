package rules

import "testing"

// The labels are 2.1.330's validator's verdicts on these names
// ("Marketplace name impersonates an official Anthropic/Claude marketplace").
func TestStoreName(t *testing.T) {
	for n, want := range map[string]bool{
		"claude-plugins": true, "claude_plugins": true, "Claude-Plugins": true, "claudeplugins": true,
		"claude.plugins": true, "claude-plugins-x": true, "claude-marketplace": true,
		"claude-marketplace-tools": true, "claude-plugins-marketplace": true,
		"claude-tools": false, "claude-code-marketplace": false, "my-claude-plugins": false,
		"claude-code-plugins": false, "claude-skills": false, "claude-plugin": false,
		"anthropic-plugins": false, "claude-skills-marketplace": false, "claude-market": false,
	} {
		if got := storeName(n); got != want {
			t.Errorf("storeName(%q) = %v, want %v", n, got, want)
		}
	}
}
