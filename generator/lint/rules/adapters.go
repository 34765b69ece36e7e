package rules

import (
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// onObject runs check on a JSON file that parses as an object (a
// plugin.json or marketplace.json); the syntax and schema rules report the
// others.
func onObject(check func(pass *lint.Pass, f *snapshot.File, m map[string]any)) func(*lint.Pass) {
	return func(pass *lint.Pass) {
		if m := facts.Obj(pass.File.JSON().Value); m != nil {
			check(pass, pass.File, m)
		}
	}
}
