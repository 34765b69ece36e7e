package rules

import (
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// teachingDoc reports whether f is a reference document that teaches a
// dispatch pattern rather than dispatching: not a component body, at
// least one of its subagent_type values is a made-up illustration
// ("agent-a", "analyzer-1"), and none names an agent of the plugin. Its
// other names ("validator") are illustrations of the same lesson.
func teachingDoc(f *snapshot.File, c *snapshot.Components, refs []facts.Ref) bool {
	switch f.Kind {
	case snapshot.KindCommand, snapshot.KindAgent, snapshot.KindSkill:
		return false
	}
	illustrated := false
	for _, r := range refs {
		if r.Kind == facts.NameIllustration {
			illustrated = true
		}
		if r.Kind == facts.NameLiteral && (r.Prefix == "" || r.Prefix == c.Plugin) && c.Agent(r.Name) != nil {
			return false
		}
	}
	return illustrated
}
