package rules

import (
	"strings"
	"testing"
)

func TestSlotted(t *testing.T) {
	for _, c := range []struct {
		line, tok string
		want      bool
	}{
		{"SLACK=xoxb-2231447789-9921130567-<bot-secret>", "xoxb-2231447789-9921130567-", true},
		{"key: <sk-ant-api03-Q3v9LmX2pT7nR4kW8zY1>", "sk-ant-api03-Q3v9LmX2pT7nR4kW8zY1", true},
		{"<code>ghp_Q3v9LmX2pT7nR4kW8zY1bC6dF0gH5jK2sA9e</code>", "ghp_Q3v9LmX2pT7nR4kW8zY1bC6dF0gH5jK2sA9e", false},
		{"token ghp_Q3v9LmX2pT7nR4kW8zY1bC6dF0gH5jK2sA9e <- rotate monthly", "ghp_Q3v9LmX2pT7nR4kW8zY1bC6dF0gH5jK2sA9e", false},
	} {
		i := strings.Index(c.line, c.tok)
		if got := slotted([]byte(c.line), i, i+len(c.tok)); got != c.want {
			t.Errorf("slotted(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}
