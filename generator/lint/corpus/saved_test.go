package corpus

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestSaveLoad(t *testing.T) {
	c := &Corpus{Repos: []string{"a/r", "b/s"}, Plugins: []Plugin{{Repo: "a/r", Rel: "p1", Manifest: true, Entry: -1}}}
	units := sampleUnits()
	var buf bytes.Buffer
	if err := Save(&buf, c, units, true); err != nil {
		t.Fatal(err)
	}
	c2, u2, validated, err := Load(&buf, "m.json")
	if err != nil {
		t.Fatal(err)
	}
	if !validated || !reflect.DeepEqual(c2.Repos, c.Repos) || !reflect.DeepEqual(u2, units) {
		t.Fatalf("round trip changed the measurement:\n%+v\n%+v", u2, units)
	}
	// The figures from a loaded measurement are those of the original.
	v := sampleVerdicts(t)
	if a, b := Tally(c, units, v, true), Tally(c2, u2, v, true); !reflect.DeepEqual(a, b) {
		t.Errorf("figures differ after a round trip")
	}
	if _, _, _, err := Load(strings.NewReader("{"), "m.json"); err == nil || !strings.HasPrefix(err.Error(), "m.json:") {
		t.Errorf("truncated file: err %v", err)
	}
}
