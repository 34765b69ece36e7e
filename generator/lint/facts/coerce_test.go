package facts

import "testing"

func TestReadAsText(t *testing.T) {
	p := plugin(map[string]string{
		"skills/s/SKILL.md": "---\nname: 7\ndescription: Counts\nversion: 2.0\nargument-hint:\n" +
			"user-invocable: \"no\"\nallowed-tools: 5\nlive: true\n---\nbody\n",
	})
	f := p.File("skills/s/SKILL.md")
	for ptr, want := range map[string]bool{
		"/version": true, "/argument-hint": true,
		"/live":           false, // not a field witnessed to load as text
		"/name":           false, // the validator refuses a name that is not a string
		"/description":    false, // a string already
		"/user-invocable": false, // a quoted string: not YAML's doing
		"/allowed-tools":  false, // the validator refuses a number here
	} {
		if got := ReadAsText(f, ptr); got != want {
			t.Errorf("ReadAsText(%s) = %v, want %v", ptr, got, want)
		}
	}
}
