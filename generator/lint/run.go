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

// Run is RunAll without the suppressed findings.
func (e *Engine) Run(units []*snapshot.Plugin) []Finding { return e.RunAll(units).Findings }

// RunAll applies the enabled rules to every unit, in parallel over (rule,
// file) pairs, then the inline suppressions, the configuration's ignores
// and the Baseline, if any, and returns the findings to report and the suppressed ones,
// each sorted and de-duplicated. A rule that panics yields an error
// finding instead of crashing the run.
func (e *Engine) RunAll(units []*snapshot.Plugin) Result {
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
		e.queue(units, jobs)
		close(jobs)
		wg.Wait()
		close(results)
	}()
	var all []Finding
	for out := range results {
		all = append(all, out...)
	}
	files, sources := displayFiles(units)
	all, inline := e.applyInline(files, sources, all)
	all, ignored := e.applyIgnores(files, all)
	res := Result{Findings: SortAndDedupe(all), Suppressed: SortAndDedupe(append(inline, ignored...))}
	if e.Baseline != nil {
		res = ApplyBaseline(e.Baseline, units, res)
	}
	return res
}

// queue sends every job, in an order that keeps the workers busy (the
// findings are sorted afterwards, so the order changes nothing else):
// first the per-plugin jobs, the longest, so none is left to run alone
// at the end; then the per-file jobs of rules that look at any file;
// last those of Loaded-scope rules, which must wait for the plugin's
// loaded set. That set is computed meanwhile, beside the first jobs,
// instead of in this goroutine while the workers wait for work.
func (e *Engine) queue(units []*snapshot.Plugin, jobs chan<- job) {
	for _, u := range units {
		go u.Loaded(nil)
	}
	for _, u := range units {
		for _, r := range e.enabled {
			if r.Kinds == nil {
				jobs <- job{r, u, nil}
			}
		}
	}
	for _, loaded := range []bool{false, true} {
		for _, u := range units {
			for _, r := range e.enabled {
				if r.Kinds == nil || (r.Scope == Loaded) != loaded {
					continue
				}
				for _, f := range u.Files {
					if r.Applies(u, f) {
						jobs <- job{r, u, f}
					}
				}
			}
		}
	}
}

func (e *Engine) runOne(j job) (out []Finding) {
	pass := &Pass{Rule: j.rule, Plugin: j.unit, File: j.file, opts: e.opts[j.rule.ID]}
	pass.emit = func(f Finding) {
		rel := f.Path
		f.Path = Join(j.unit, rel)
		f.Rule, f.Alias, f.Family, f.Severity = j.rule.ID, j.rule.Alias, j.rule.Family.Name, j.rule.Severity
		f.Source = j.unit.Sources[rel]
		if f.Fix != nil {
			f.Fix = stampFix(f.Fix, j.unit)
		}
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

// applyIgnores moves ignored findings to the suppressed list (as external
// suppressions), then adds the configuration's own findings, including one
// per ignore that matched nothing.
func (e *Engine) applyIgnores(files map[string]*snapshot.File, all []Finding) (kept, ignored []Finding) {
	for _, ig := range e.ignores {
		ig.matched = false
	}
	kept, ignored = partition(all, func(f Finding) *Suppression {
		var by *ignore
		for _, ig := range e.ignores {
			if ig.matches(f, files) {
				ig.matched = true // every ignore that matches is used, not only the first
				if by == nil {
					by = ig
				}
			}
		}
		if by == nil {
			return nil
		}
		return &Suppression{Kind: "external", Justification: by.Reason, Path: e.cfgPath, Line: by.Line}
	})
	base := len(e.cfgFindings)
	for _, ig := range e.ignores {
		if !ig.matched {
			e.configFinding(AliasIgnoreUnused, ig.Line, "delete the ignore, or fix its path, rules, line or pointer",
				"ignore %q%s matches no finding", ig.Path, ig.where())
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
	return kept, ignored
}

func (e *Engine) enabledRule(id string) *Rule {
	for _, r := range e.enabled {
		if r.ID == id {
			return r
		}
	}
	return nil
}
