package rules

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// dispatchMapRules compare Required Artifacts with each role's artifact map
// (document 002, I4, I5).
func dispatchMapRules() []lint.Rule {
	return []lint.Rule{
		lint.Rule{
			ID: "DP006", Alias: "artifacts-map-mismatch", Family: famDispatch, Severity: lint.Warning, Scope: lint.Generated,
			Kinds: kinds(snapshot.KindCommand, snapshot.KindSkill),
			Title: "artifacts listed for a role that differ from its artifact map",
			Doc: lint.Doc{Why: `Each reviewer reads only the upstream artifacts its role needs (document 002, R3
pruning, interfaces I4 and I5): spec-reviewer the PRD; phase-reviewer everything up to the
artifact of its phase; code-simplifier only the design; and so on. A missing artifact weakens
the review, an extra one costs tokens on every iteration. The maps are the option
artifact_maps, one "COMPONENT ROLE: file, file" entry per dispatch site, keyed by the command's
file name (or the skill's name) and the subagent_type's part after ":"; the default is document
002's. Files whose name is not in the map are not checked. The review target is left to
artifacts-list-review-target.

Scope: the rule checks a convention of the dispatch skeleton plugforge renders (design
document 002), not Claude Code behaviour, so it looks only at files plugforge generated; a
hand-written plugin that dispatches another way is not wrong.`,
				Bad:         "# commands/specify.md, subagent_type: my:spec-reviewer\n## Required Artifacts\n...\n{resolved PRD line from I8}\n- Design: {feature_path}/design.md",
				Good:        "# commands/specify.md, subagent_type: my:spec-reviewer\n## Required Artifacts\n...\n{resolved PRD line from I8}",
				Checked:     "2.1.328",
				Consequence: "The reviewer reads too little or too much; a likely mistake."},
			Options: []lint.Option{{Name: "artifact_maps", Default: dpDefaultMaps,
				Doc: `artifact map entries "COMPONENT ROLE: file, file" (e.g. "specify spec-reviewer: prd.md")`}},
			Requires: []lint.Analyzer{facts.Dispatches},
			Check: func(pass *lint.Pass) {
				maps, bad := dpMaps(pass.Strings("artifact_maps"))
				for _, e := range bad {
					pass.Reportf(snapshot.Loc{}, `write it as "COMPONENT ROLE: file, file"`, "artifact_maps entry %q is not COMPONENT ROLE: files", e)
				}
				want := maps[dpMapKey(pass.Plugin, pass.File)]
				if want == nil {
					return
				}
				df := facts.Dispatches.Of(pass, pass.File)
				first := map[string]int{}
				listed := map[string]bool{}
				for _, b := range df.Blocks {
					role := b.Agent()
					files, ok := want[role]
					if !b.Fresh() || !ok {
						continue
					}
					if first[role] == 0 {
						first[role] = b.Line
					}
					a := b.Artifacts
					if a == nil {
						continue
					}
					listed[role] = true
					target, _ := facts.ReviewTarget(b.Sections)
					var got []string
					for _, it := range a.Items {
						if it.Valid && it.File != "" && it.File != target {
							got = append(got, it.File)
						}
					}
					missing, extra := dpSetDiff(files, got), dpSetDiff(got, files)
					if len(missing)+len(extra) == 0 {
						continue
					}
					var parts []string
					if len(missing) > 0 {
						parts = append(parts, "lacks "+strings.Join(missing, ", "))
					}
					if len(extra) > 0 {
						parts = append(parts, "adds "+strings.Join(extra, ", "))
					}
					pass.Reportf(pass.File.Line(a.Sec.Line), fmt.Sprintf("list exactly: %s", strings.Join(dpSetDiff(files, nil), ", ")),
						"the Required Artifacts of %q %s against its artifact map", role, strings.Join(parts, " and "))
				}
				for _, role := range facts.SortedKeys(first) {
					if !listed[role] && len(want[role]) > 0 {
						pass.Reportf(pass.File.Line(first[role]), "add a Required Artifacts block to its fresh dispatch",
							"fresh dispatch of %q has no Required Artifacts; its artifact map lists %s", role, strings.Join(dpSetDiff(want[role], nil), ", "))
					}
				}
			},
		},
	}
}

// dpDefaultMaps are the per-role artifact maps of document 002 (I4 for
// implement, I5 for the phase commands, I7 for the implementing skill's
// per-task dispatch), as "COMPONENT ROLE: file, file".
var dpDefaultMaps = []string{
	"specify spec-reviewer: prd.md",
	"specify phase-reviewer: prd.md, spec.md",
	"design design-reviewer: prd.md, spec.md",
	"design phase-reviewer: prd.md, spec.md, design.md",
	"create-plan plan-reviewer: prd.md, spec.md, design.md",
	"create-plan phase-reviewer: prd.md, spec.md, design.md, plan.md",
	"create-tasks task-reviewer: prd.md, spec.md, design.md, plan.md",
	"create-tasks phase-reviewer: prd.md, spec.md, design.md, plan.md, tasks.md",
	"implement implementation-reviewer: prd.md, spec.md, design.md, plan.md, tasks.md",
	"implement code-quality-reviewer: design.md, spec.md",
	"implement security-reviewer: design.md, spec.md",
	"implement code-simplifier: design.md",
	"implement test-deepener: spec.md, design.md, tasks.md, prd.md",
	"implement implementer: prd.md, spec.md, design.md, plan.md, tasks.md",
	"implementing implementer: prd.md, spec.md",
}

var dpMapEntryRE = lazyre.New(`^\s*(\S+)\s+(\S+?)\s*:\s*(.*?)\s*$`)

// dpMaps parses the artifact_maps option: component → role → files. Bad
// entries are returned separately.
func dpMaps(entries []string) (map[string]map[string][]string, []string) {
	out := map[string]map[string][]string{}
	var bad []string
	for _, e := range entries {
		m := dpMapEntryRE.FindStringSubmatch(e)
		if m == nil {
			bad = append(bad, e)
			continue
		}
		var files []string
		for _, f := range strings.Split(m[3], ",") {
			if f = strings.TrimSpace(f); f != "" {
				files = append(files, path.Base(f))
			}
		}
		if out[m[1]] == nil {
			out[m[1]] = map[string][]string{}
		}
		out[m[1]][m[2]] = files
	}
	return out, bad
}

// dpMapKey is the name a file's artifact maps are keyed by: the command's
// file name without ".md", or the skill's name.
func dpMapKey(p *snapshot.Plugin, f *snapshot.File) string {
	switch f.Kind {
	case snapshot.KindCommand:
		return strings.TrimSuffix(f.Base(), ".md")
	case snapshot.KindSkill:
		if f.Dir() != "." {
			return path.Base(f.Dir())
		}
		return p.Components().NameOf(f)
	}
	return ""
}

func dpSetDiff(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, x := range a {
		if !in[x] && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Slice(out, func(i, j int) bool { return dpOrder(out[i]) < dpOrder(out[j]) })
	return out
}

func dpOrder(f string) string {
	if k := facts.CanonIndex(f); k >= 0 {
		return fmt.Sprint(k)
	}
	return "9" + f
}
