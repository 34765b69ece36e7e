package config

import (
	"testing"

	"github.com/plugforge/plugforge/generator/model"
)

// FuzzParse: any bytes give a Config or a *model.PosError with a line inside the
// input, and never a panic or an unbounded expansion.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"rules:\n  enable: [DR001]\n", "ignore:\n  - path: x\n    reason: y\n",
		"a: &a [*a, *a]\n", "severity: {HK003: error}\n", "options:\n  CT003: {max-lines: 4}\n", "\t- ["} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(data, "x.yaml")
		if err != nil {
			e, ok := err.(*model.PosError)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			lines := 1
			for _, b := range data {
				if b == '\n' {
					lines++
				}
			}
			if e.Line < 0 || e.Line > lines {
				t.Fatalf("line %d outside %d lines: %v", e.Line, lines, e)
			}
			return
		}
		if cfg == nil {
			t.Fatal("nil config without error")
		}
	})
}
