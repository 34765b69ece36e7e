package lint

import (
	"fmt"
	"maps"
	"path"
	"runtime"
	"slices"

	"github.com/plugforge/plugforge/generator/lint/baseline"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Aliases of the rules the engine itself reports about the configuration.
// A rule set registers them (with a no-op Check) to document them and let
// users tune them like any other rule.
const (
	AliasIgnoreUnused    = "config-ignore-unused"
	AliasSelectorUnknown = "config-selector-unknown"
	AliasOptionInvalid   = "config-option-invalid"
)

// Engine is a rule set with a configuration applied.
type Engine struct {
	all     []Rule
	enabled []*Rule
	opts    map[string]map[string]any
	ignores []*ignore
	cfgPath string
	// cfgFindings are problems found while applying the configuration.
	cfgFindings []Finding
	// Workers bounds parallelism (default GOMAXPROCS).
	Workers int
	// Retired maps retired rule IDs to why, so a suppression that names one
	// is reported as such rather than as a typo.
	Retired map[string]string
	// Baseline, when set, holds back the findings it records (ApplyBaseline).
	Baseline *baseline.Baseline
}

type ignore struct {
	config.Ignore
	rules   map[string]bool // rule IDs; empty = all
	matched bool
}

// New applies cfg (nil for defaults) to the rule set.
func New(rules []Rule, cfg *config.Config) (*Engine, error) {
	if err := Validate(rules); err != nil {
		return nil, err
	}
	if cfg == nil {
		cfg = &config.Config{}
	}
	e := &Engine{all: rules, opts: map[string]map[string]any{}, cfgPath: cfg.Path}
	on := map[string]bool{}
	sev := map[string]Severity{}
	for _, r := range rules {
		on[r.ID] = !r.Off
		sev[r.ID] = r.Severity
	}
	for _, ref := range cfg.Disable {
		for _, id := range e.resolve(ref) {
			on[id] = false
		}
	}
	for _, ref := range cfg.Enable {
		for _, id := range e.resolve(ref) {
			on[id] = true
		}
	}
	for _, o := range cfg.Severity {
		s, _ := ParseSeverity(o.Severity)
		for _, id := range e.resolve(o.Ref) {
			sev[id] = s
		}
	}
	for _, k := range slices.Sorted(maps.Keys(cfg.Options)) {
		e.setOptions(config.Ref{Value: k, Line: cfg.OptionLines[k]}, cfg.Options[k])
	}
	for _, ig := range cfg.Ignores {
		x := &ignore{Ignore: ig, rules: map[string]bool{}}
		for _, ref := range ig.Rules {
			for _, id := range e.resolve(ref) {
				x.rules[id] = true
			}
		}
		e.ignores = append(e.ignores, x)
	}
	for i := range rules {
		if on[rules[i].ID] {
			r := rules[i]
			r.Severity = sev[r.ID]
			e.enabled = append(e.enabled, &r)
		}
	}
	return e, nil
}

// Rules lists the enabled rules with their effective severity.
func (e *Engine) Rules() []*Rule { return e.enabled }

// resolve maps a selector to rule IDs; an unknown one is reported.
func (e *Engine) resolve(ref config.Ref) []string {
	var ids []string
	for _, r := range e.all {
		if r.ID == ref.Value || r.Alias == ref.Value || r.Family.Name == ref.Value {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 {
		e.configFinding(AliasSelectorUnknown, ref.Line, "add a rule ID, alias or family that `plugforge rules` lists",
			"no rule, alias or family is called %q", ref.Value)
	}
	return ids
}

func (e *Engine) setOptions(ref config.Ref, vals map[string]any) {
	ids := e.resolve(ref)
	for _, id := range ids {
		r := e.rule(id)
		for _, name := range slices.Sorted(maps.Keys(vals)) {
			o := findOption(r, name)
			if o == nil {
				e.configFinding(AliasOptionInvalid, ref.Line, "use an option the rule documents", "rule %s has no option %q", id, name)
				continue
			}
			v, ok := coerce(o.Default, vals[name])
			if !ok {
				e.configFinding(AliasOptionInvalid, ref.Line, "give the option a value of its documented type",
					"option %q of rule %s must be a %T", name, id, o.Default)
				continue
			}
			if e.opts[id] == nil {
				e.opts[id] = map[string]any{}
			}
			e.opts[id][name] = v
		}
	}
}

func (e *Engine) rule(id string) *Rule {
	for i := range e.all {
		if e.all[i].ID == id {
			return &e.all[i]
		}
	}
	return nil
}

func (e *Engine) ruleByAlias(alias string) *Rule {
	for i := range e.all {
		if e.all[i].Alias == alias {
			return &e.all[i]
		}
	}
	return nil
}

func findOption(r *Rule, name string) *Option {
	for i := range r.Options {
		if r.Options[i].Name == name {
			return &r.Options[i]
		}
	}
	return nil
}

// coerce converts a YAML-decoded value to the type of def.
func coerce(def, v any) (any, bool) {
	switch def.(type) {
	case int:
		switch n := v.(type) {
		case fmt.Stringer: // json.Number
			var i int
			_, err := fmt.Sscan(n.String(), &i)
			return i, err == nil
		case int:
			return n, true
		}
	case bool:
		b, ok := v.(bool)
		return b, ok
	case string:
		s, ok := v.(string)
		return s, ok
	case []string:
		list, ok := v.([]any)
		if !ok {
			return nil, false
		}
		out := []string{}
		for _, x := range list {
			s, ok := x.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// configFinding records a problem with the configuration file under the
// meta rule with the given alias (if the rule set registers it).
func (e *Engine) configFinding(alias string, line int, hint, format string, args ...any) {
	r := e.ruleByAlias(alias)
	if r == nil {
		return
	}
	e.cfgFindings = append(e.cfgFindings, Finding{Path: e.cfgPath, Line: line, Column: min(line, 1),
		Rule: r.ID, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// Join is the display path of a file of unit u.
func Join(u *snapshot.Plugin, rel string) string {
	switch {
	case rel == "":
		return u.Display
	case u.Display == "" || u.Display == ".":
		return rel
	}
	return path.Join(u.Display, rel)
}

func workers(n int) int {
	if n <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}
