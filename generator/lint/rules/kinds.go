package rules

import (
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// kinds is shorthand for a rule's Kinds.
func kinds(k ...snapshot.Kind) []snapshot.Kind { return k }

var componentKinds = kinds(snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill)

var markdownKinds = kinds(snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill, snapshot.KindMarkdown)

var jsonKinds = kinds(snapshot.KindManifest, snapshot.KindMarketplace, snapshot.KindHooks, snapshot.KindMCP, snapshot.KindLSP, snapshot.KindSettings)
