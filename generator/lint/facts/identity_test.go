package facts

import "testing"

func TestSessionIdentity(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want bool
	}{
		{"whoami", nil, true},
		{"/usr/bin/id", []string{"-un"}, true},
		{"hostname", []string{"-s"}, true},
		{"logname", nil, true},
		{"id", []string{"-un", "someone"}, false}, // looks up a name it is given
		{"hostname", []string{"newhost"}, false},  // sets the host name
		{"jq", []string{"-r", ".tool_input.command"}, false},
		{"cat", nil, false},
	} {
		if got := SessionIdentity(c.name, c.args); got != c.want {
			t.Errorf("SessionIdentity(%s %v) = %v, want %v", c.name, c.args, got, c.want)
		}
	}
	for name, want := range map[string]bool{"USER": true, "LOGNAME": true, "HOME": true, "TOOL_INPUT": false, "CLAUDE_PLUGIN_ROOT": false, "prompt": false} {
		if got := SessionVar(name); got != want {
			t.Errorf("SessionVar(%s) = %v, want %v", name, got, want)
		}
	}
}
