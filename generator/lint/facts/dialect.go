package facts

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/model"
)

// DialectOf says which dispatch dialect a plugin speaks.
type DialectOf struct {
	// Current is set for the dialects of Claude Code 2.1.77 and later,
	// which spawn with the Agent tool and continue with SendMessage; unset
	// for the seeds' Task-with-resume dialect of 2.0.28 to 2.1.76.
	Current bool
	// Recorded is set when the build recorded the dialect in the variant's
	// manifest: the plugin targets it on purpose.
	Recorded bool
	// Where says how it is known: the manifest, or the first Agent or
	// SendMessage block as "path:line"; "" when a plugin without a manifest
	// uses only Task blocks (or none).
	Where string
}

// Dialect finds the plugin's dispatch dialect: the one plugforge build
// recorded in .plugforge-manifest.json, else the one its blocks use.
var Dialect = lint.NewPluginAnalysis("dialect", "the dispatch dialect a plugin speaks: as the build recorded it, else as its blocks show",
	[]lint.Analyzer{PluginDispatches}, func(in *lint.Input) DialectOf {
		if m := in.Plugin.Provenance; m != nil {
			return DialectOf{Current: m.Dialect != model.TaskResume, Recorded: true,
				Where: fmt.Sprintf("%s: dialect %s", model.ProvenancePath, m.Dialect)}
		}
		for _, df := range PluginDispatches.Of(in) {
			for _, b := range df.Blocks {
				if b.Tool == "Agent" || b.Tool == "SendMessage" {
					return DialectOf{Current: true, Where: fmt.Sprintf("%s:%d", df.File.Path, b.Line)}
				}
			}
		}
		return DialectOf{}
	})
