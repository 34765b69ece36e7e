package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// SkillDirs records, per direct subdirectory of skills/, a SKILL.md spelt
// in another letter case and whether a SKILL.md sits deeper down.
type SkillDirs struct {
	Variant map[string]*snapshot.File // dir → its skill.md / Skill.md
	Nested  map[string]bool
}

// SkillLayout indexes the plugin's skills/ tree once.
var SkillLayout = lint.NewPluginAnalysis("skill-layout", "per directory under skills/: a SKILL.md in another case, and SKILL.md files nested deeper",
	nil, func(in *lint.Input) *SkillDirs {
		ix := &SkillDirs{Variant: map[string]*snapshot.File{}, Nested: map[string]bool{}}
		for _, f := range in.Plugin.Files {
			parts := strings.Split(f.Path, "/")
			if len(parts) < 3 || parts[0] != "skills" {
				continue
			}
			dir := parts[0] + "/" + parts[1]
			switch {
			case len(parts) == 3 && f.Base() != "SKILL.md" && strings.EqualFold(f.Base(), "SKILL.md"):
				if ix.Variant[dir] == nil {
					ix.Variant[dir] = f
				}
			case len(parts) > 3 && f.Base() == "SKILL.md":
				ix.Nested[dir] = true
			}
		}
		return ix
	})
