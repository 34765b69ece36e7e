package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/session"
)

// fakeClaude is a stand-in for `claude plugin validate --json`: it rejects
// the nested plugin, the marketplace's second entry, and the root plugin's
// version (a check lint does not make, so a parity gap).
const fakeClaude = `#!/bin/sh
f="$5"
err() { printf '{"success":false,"manifest":{"file":"%s","type":"%s","errors":[{"path":"%s","message":"%s"}],"warnings":[]},"contents":[]}\n' "$f" "$1" "$2" "$3"; exit 1; }
case "$f" in
*/plugins/full) f="$f/.claude-plugin/plugin.json"; err plugin name "broken" ;; # a plugin with no marketplace beside it: its directory, reported on its manifest
*/.claude-plugin/marketplace.json) err marketplace plugins.1.name "reserved" ;;
*/.claude-plugin/plugin.json) err plugin version "odd version" ;;
esac
`

func TestMeasure(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"acme+tools/.claude-plugin/plugin.json": `{"name":"tools"}`,
		"acme+tools/.claude-plugin/marketplace.json": `{"name":"m","owner":{"name":"o"},"plugins":[
			{"name":"tools","source":"./"},{"name":"bare","source":"./plugins/bare"},{"name":"full","source":"./plugins/full"}]}`,
		"acme+tools/plugins/bare/commands/go.md":             "---\ndescription: go\n---\nGo.\n",
		"acme+tools/plugins/full/.claude-plugin/plugin.json": `{"name": `,
	})
	bin := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(bin, []byte(fakeClaude), 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := session.Engine(session.Options{NoConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	units := Measure(c, Options{Engine: eng, Claude: bin, Jobs: 2})
	by := map[string]Unit{}
	for _, u := range units {
		if u.Err != "" {
			t.Fatalf("%s: %s", unitKey(u), u.Err)
		}
		by[unitKey(u)] = u
	}
	if len(units) != 4 {
		t.Fatalf("%d units, want 3 plugins and 1 marketplace", len(units))
	}
	rootU, bare, full, market := by["acme/tools"], by["acme/tools/plugins/bare"], by["acme/tools/plugins/full"], by["market:acme/tools"]
	// The root plugin leaves out the nested plugins and marketplace.json.
	for _, f := range rootU.Findings {
		if strings.HasPrefix(f.Path, "plugins/") || f.Path == marketFile {
			t.Errorf("root plugin has a finding of another unit: %+v", f)
		}
	}
	// The broken manifest is the nested plugin's error, named from the checkout.
	if !hasErrorOn(full.Findings, "plugins/full/.claude-plugin/plugin.json") {
		t.Errorf("nested plugin: no error on its plugin.json: %+v", full.Findings)
	}
	for _, f := range market.Findings {
		if f.Path != marketFile {
			t.Errorf("marketplace unit has a finding off marketplace.json: %+v", f)
		}
	}
	// Verdicts: the directory of a plugin (plugin.json where a marketplace.json
	// sits beside it), the entry for a bare directory.
	if !rootU.Validator.Ran || rootU.Validator.Pass() || full.Validator.Pass() {
		t.Errorf("validator verdicts: root %+v full %+v", rootU.Validator, full.Validator)
	}
	if !bare.Validator.Ran || bare.Validator.Pass() || len(bare.Validator.Errors) != 1 {
		t.Errorf("bare plugin should take entry 1's error: %+v", bare.Validator)
	}
	// The version error is on a file lint has no error on: a parity gap,
	// named relative to the checkout. The nested one is caught.
	if len(rootU.Missed) != 1 || rootU.Missed[0].File != ".claude-plugin/plugin.json" || rootU.Missed[0].Path != "version" {
		t.Errorf("root missed %+v", rootU.Missed)
	}
	if len(full.Missed) != 0 || len(bare.Missed) != 0 {
		t.Errorf("missed: full %+v bare %+v", full.Missed, bare.Missed)
	}
}

func hasErrorOn(fs []Finding, p string) bool {
	for _, f := range fs {
		if f.Severity == lint.Error && f.Path == p {
			return true
		}
	}
	return false
}
