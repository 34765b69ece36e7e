package corpus

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/crosscheck"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// marketFile is where a marketplace lives inside its root. Its findings
// belong to the marketplace unit, never to the plugin at the same root.
const marketFile = ".claude-plugin/marketplace.json"

// Finding is one lint finding, its path relative to the checkout.
type Finding struct {
	Repo, Path string
	Line, Col  int
	Rule       string
	Severity   lint.Severity
	Message    string
}

// Verdict is the validator's view of one unit.
type Verdict struct {
	Ran    bool              // false: no validator, or it cannot check this unit alone
	Errors []crosscheck.Item // its errors (warnings are not kept)
}

// Pass reports whether the validator ran and found no error.
func (v Verdict) Pass() bool { return v.Ran && len(v.Errors) == 0 }

// Unit is one measured plugin or marketplace.
type Unit struct {
	Repo, Rel string
	Market    bool // a marketplace unit: only its marketplace.json is linted
	Manifest  bool // plugins: has .claude-plugin/plugin.json
	Findings  []Finding
	Validator Verdict
	Missed    []crosscheck.Item // validator errors on files where lint reports no error
	Err       string            // why the unit could not be linted
}

// Options of a measurement.
type Options struct {
	Engine *lint.Engine // the rule set; session.Engine with no configuration
	Claude string       // the validator binary; "" skips the comparison
	Jobs   int          // validator processes at once (default 2)
	// Prior, when set, holds the validator verdicts of an earlier
	// measurement of the same checkouts (by unit key): they are reused
	// instead of running the validator, so a rule change is re-measured
	// in seconds. Units it lacks are validated if Claude is set.
	Prior map[string]Verdict
}

// PriorVerdicts indexes the validator verdicts of saved units by unit key,
// for Options.Prior.
func PriorVerdicts(units []Unit) map[string]Verdict {
	out := map[string]Verdict{}
	for _, u := range units {
		if u.Validator.Ran {
			out[unitKey(u)] = u.Validator
		}
	}
	return out
}

// Measure lints every plugin and marketplace of c and, with a validator,
// validates each. Units come back sorted: plugins, then marketplaces, each
// by repo and directory.
func Measure(c *Corpus, o Options) []Unit {
	var units []Unit
	for _, p := range c.Plugins {
		units = append(units, lintPlugin(o.Engine, p, c.Plugins))
	}
	for _, m := range c.Marketplaces {
		units = append(units, lintMarket(o.Engine, m))
	}
	if o.Claude != "" || o.Prior != nil {
		validateAll(c, units, o)
	}
	return units
}

func lintPlugin(eng *lint.Engine, p Plugin, all []Plugin) Unit {
	u := Unit{Repo: p.Repo, Rel: p.Rel, Manifest: p.Manifest}
	sp, err := snapshot.Load(p.Dir, p.Rel, snapshot.Options{Exclude: nested(p, all)})
	if err != nil {
		u.Err = err.Error()
		return u
	}
	// As plugforge lint of the marketplace would load it: a listed
	// directory takes its manifest from the entry.
	sp.Listed = p.Entry >= 0
	for _, f := range findings(p.Repo, eng.Run([]*snapshot.Plugin{sp})) {
		if f.Path != path.Join(p.Rel, marketFile) {
			u.Findings = append(u.Findings, f)
		}
	}
	return u
}

// lintMarket lints a marketplace the way plugforge lint does (with its
// local members loaded, which its rules compare against) and keeps the
// findings on marketplace.json itself.
func lintMarket(eng *lint.Engine, m Marketplace) Unit {
	u := Unit{Repo: m.Repo, Rel: m.Rel, Market: true}
	ps, err := snapshot.Resolve(m.Dir, m.Rel, snapshot.Options{})
	if err != nil {
		u.Err = err.Error()
		return u
	}
	for _, f := range findings(m.Repo, eng.Run(ps[:1])) {
		if f.Path == path.Join(m.Rel, marketFile) {
			u.Findings = append(u.Findings, f)
		}
	}
	return u
}

func findings(repo string, fs []lint.Finding) []Finding {
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		out = append(out, Finding{Repo: repo, Path: path.Clean(f.Path), Line: f.Line, Col: f.Column, Rule: f.Rule, Severity: f.Severity, Message: f.Message})
	}
	return out
}

// validateAll runs the validator on every unit it can check alone: a
// plugin through its plugin.json (a directory that also holds a
// marketplace.json would be validated as the marketplace), a marketplace
// through its marketplace.json. A plugin without plugin.json takes the
// verdict on its entry in the marketplace that lists it.
func validateAll(c *Corpus, units []Unit, o Options) {
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = 2
	}
	dirs := map[string]string{} // unit key → absolute file to validate
	for _, p := range c.Plugins {
		if p.Manifest {
			// The directory, so the validator checks the components too
			// (given plugin.json alone it checks only the manifest) —
			// unless a marketplace.json sits beside it, which makes the
			// validator check the marketplace instead.
			target := p.Dir
			if isFile(filepath.Join(p.Dir, filepath.FromSlash(marketFile))) {
				target = filepath.Join(p.Dir, filepath.FromSlash(".claude-plugin/plugin.json"))
			}
			dirs[Key(p.Repo, p.Rel)] = target
		} else {
			// No plugin.json: the manifest is the marketplace entry (its
			// verdict is taken below), but the validator still checks the
			// directory's components.
			dirs[Key(p.Repo, p.Rel)] = p.Dir
		}
	}
	for _, m := range c.Marketplaces {
		dirs["market:"+Key(m.Repo, m.Rel)] = filepath.Join(m.Dir, filepath.FromSlash(marketFile))
	}
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	prior := map[int]bool{}
	for i := range units {
		target := dirs[unitKey(units[i])]
		if v, ok := o.Prior[unitKey(units[i])]; ok && target != "" {
			units[i].Validator, prior[i] = v, true
			continue
		}
		if target == "" || o.Claude == "" {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(u *Unit) {
			defer func() { <-sem; wg.Done() }()
			items, err := crosscheck.Validate(o.Claude, target)
			if err != nil {
				u.Err = fmt.Sprintf("validator: %v", err)
				return
			}
			u.Validator.Ran = true
			for _, it := range items {
				if it.Severity == "error" {
					u.Validator.Errors = append(u.Validator.Errors, it)
				}
			}
		}(&units[i])
	}
	wg.Wait()
	markets := map[string]*Unit{}
	for i := range units {
		if units[i].Market {
			markets[Key(units[i].Repo, units[i].Rel)] = &units[i]
		}
	}
	byKey := map[string]Plugin{}
	for _, p := range c.Plugins {
		byKey[Key(p.Repo, p.Rel)] = p
	}
	for i := range units {
		u := &units[i]
		if u.Market || prior[i] {
			continue
		}
		if p := byKey[Key(u.Repo, u.Rel)]; !p.Manifest {
			if m := markets[Key(p.Repo, p.Market)]; m != nil && m.Validator.Ran {
				v := entryVerdict(m.Validator, p.Entry)
				for _, e := range u.Validator.Errors {
					if e.Kind != "plugin" { // the directory's own manifest verdict does not apply
						v.Errors = append(v.Errors, e)
					}
				}
				u.Validator = v
			}
		}
	}
	for i := range units {
		units[i].Missed = missed(&units[i], c)
	}
}

// entryVerdict is the part of a marketplace's verdict about entry i
// ("plugins.3", "plugins.3.name").
func entryVerdict(m Verdict, i int) Verdict {
	v := Verdict{Ran: true}
	p := "plugins." + strconv.Itoa(i)
	for _, e := range m.Errors {
		if e.Path == p || strings.HasPrefix(e.Path, p+".") {
			v.Errors = append(v.Errors, e)
		}
	}
	return v
}

// missed lists the validator's errors on files where the unit has no lint
// error. A plugin without a manifest has its entry's errors checked against
// the marketplace unit, so none are its own here.
func missed(u *Unit, c *Corpus) []crosscheck.Item {
	if !u.Validator.Ran || (!u.Market && !u.Manifest) {
		return nil
	}
	root := repoDir(c, u)
	errFiles := map[string]bool{}
	for _, f := range u.Findings {
		if f.Severity == lint.Error {
			errFiles[filepath.Join(root, filepath.FromSlash(f.Path))] = true
		}
	}
	out := crosscheck.Missed(u.Validator.Errors, errFiles)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		return a.File < b.File || a.File == b.File && (a.Path < b.Path || a.Path == b.Path && a.Message < b.Message)
	})
	for i := range out {
		out[i].File = rel(root, out[i].File)
	}
	return out
}

// repoDir is the checkout directory holding u.
func repoDir(c *Corpus, u *Unit) string {
	dir := ""
	if u.Market {
		for _, m := range c.Marketplaces {
			if m.Repo == u.Repo && m.Rel == u.Rel {
				dir = m.Dir
			}
		}
	} else {
		for _, p := range c.Plugins {
			if p.Repo == u.Repo && p.Rel == u.Rel {
				dir = p.Dir
			}
		}
	}
	for r := u.Rel; r != "." && r != ""; r = path.Dir(r) {
		dir = filepath.Dir(dir)
	}
	return dir
}

func unitKey(u Unit) string {
	if u.Market {
		return "market:" + Key(u.Repo, u.Rel)
	}
	return Key(u.Repo, u.Rel)
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
