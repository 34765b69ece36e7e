package lint

import (
	"fmt"
	"sync"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

type job struct {
	rule *Rule
	unit *snapshot.Plugin
	file *snapshot.File
}

// Run applies the enabled rules to every unit, in parallel over (rule,
// file) pairs, and returns the findings after ignores, sorted and
// de-duplicated. A rule that panics yields an error finding instead of
// crashing the run.
func (e *Engine) Run(units []*snapshot.Plugin) []Finding {
	jobs := make(chan job, 256)
	results := make(chan []Finding, workers(e.Workers))
	var wg sync.WaitGroup
	for i := 0; i < workers(e.Workers); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out []Finding
			for j := range jobs {
				out = append(out, e.runOne(j)...)
			}
			results <- out
		}()
	}
	go func() {
		for _, u := range units {
			for _, r := range e.enabled {
				if r.Kinds == nil {
					jobs <- job{r, u, nil}
					continue
				}
				for _, f := range u.Files {
					if r.Applies(u, f) {
						jobs <- job{r, u, f}
					}
				}
			}
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	var all []Finding
	for out := range results {
		all = append(all, out...)
	}
	all = e.applyIgnores(all)
	return SortAndDedupe(all)
}

func (e *Engine) runOne(j job) (out []Finding) {
	pass := &Pass{Rule: j.rule, Plugin: j.unit, File: j.file, opts: e.opts[j.rule.ID]}
	pass.emit = func(f Finding) {
		rel := f.Path
		f.Path = Join(j.unit, rel)
		f.Rule, f.Alias, f.Family, f.Severity = j.rule.ID, j.rule.Alias, j.rule.Family.Name, j.rule.Severity
		f.Source = j.unit.Sources[rel]
		out = append(out, f)
	}
	defer func() {
		if r := recover(); r != nil {
			where := j.unit.Display
			if j.file != nil {
				where = Join(j.unit, j.file.Path)
			}
			out = append(out, Finding{Path: where, Rule: j.rule.ID, Alias: j.rule.Alias,
				Family: j.rule.Family.Name, Severity: Error,
				Message: fmt.Sprintf("rule %s crashed: %v", j.rule.ID, r),
				Hint:    "report this plugforge bug with the file that triggers it"})
		}
	}()
	j.rule.Check(pass)
	return out
}

// applyIgnores drops ignored findings, then adds the configuration's own
// findings, including one per ignore that matched nothing.
func (e *Engine) applyIgnores(all []Finding) []Finding {
	for _, ig := range e.ignores {
		ig.matched = false
	}
	kept := all[:0]
	for _, f := range all {
		drop := false
		for _, ig := range e.ignores {
			if (len(ig.rules) == 0 || ig.rules[f.Rule]) && MatchPath(ig.Path, f.Path) {
				ig.matched, drop = true, true
			}
		}
		if !drop {
			kept = append(kept, f)
		}
	}
	base := len(e.cfgFindings)
	for _, ig := range e.ignores {
		if !ig.matched {
			e.configFinding(AliasIgnoreUnused, ig.Line, "delete the ignore, or fix its path or rules",
				"ignore %q matches no finding", ig.Path)
		}
	}
	defer func() { e.cfgFindings = e.cfgFindings[:base] }()
	for _, f := range e.cfgFindings {
		r := e.enabledRule(f.Rule)
		if r == nil {
			continue
		}
		f.Alias, f.Family, f.Severity = r.Alias, r.Family.Name, r.Severity
		kept = append(kept, f)
	}
	return kept
}

func (e *Engine) enabledRule(id string) *Rule {
	for _, r := range e.enabled {
		if r.ID == id {
			return r
		}
	}
	return nil
}
