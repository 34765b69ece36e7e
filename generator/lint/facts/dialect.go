package facts

import (
	"fmt"

	"github.com/plugforge/plugforge/generator/lint"
)

// DialectOf says which dispatch dialect a plugin speaks.
type DialectOf struct {
	// Current is set for the dialect of Claude Code 2.1.77 and later: the
	// Agent tool to spawn, SendMessage to continue.
	Current bool
	// Where says how that is known: the first Agent or SendMessage block,
	// as "path:line"; "" when the plugin uses only Task blocks (or none).
	Where string
}

// Dialect finds the plugin's dispatch dialect.
var Dialect = lint.NewPluginAnalysis("dialect", "the dispatch dialect a plugin speaks: Agent/SendMessage (current) or Task with resume (legacy)",
	[]lint.Analyzer{PluginDispatches}, func(in *lint.Input) DialectOf {
		for _, df := range PluginDispatches.Of(in) {
			for _, b := range df.Blocks {
				if b.Tool == "Agent" || b.Tool == "SendMessage" {
					return DialectOf{Current: true, Where: fmt.Sprintf("%s:%d", df.File.Path, b.Line)}
				}
			}
		}
		return DialectOf{}
	})
