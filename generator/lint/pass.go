package lint

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Pass is what a rule's Check sees: the plugin, the file (for per-file
// rules), the rule's resolved options, and Reportf.
type Pass struct {
	Rule   *Rule
	Plugin *snapshot.Plugin
	File   *snapshot.File // nil for per-plugin rules
	opts   map[string]any
	emit   func(Finding)
	fix    *Fix // set while ReportFix reports
}

// Reportf reports a problem at loc. hint is a verb phrase telling the user
// what to do ("quote the placeholder"); the message is lower-case and
// quotes its subject. Positions are clamped into the file.
func (p *Pass) Reportf(at snapshot.Loc, hint, format string, args ...any) {
	if f := p.Plugin.File(at.Path); f != nil && at.Line > 0 {
		at.Pos = f.Clamp(at.Pos)
	} else if f == nil || f.Data == nil {
		at.Pos = snapshot.Pos{}
	}
	if at.Line <= 0 {
		at.Pos = snapshot.Pos{}
	}
	p.emit(Finding{
		Path:    at.Path,
		Line:    at.Line,
		Column:  at.Col,
		Message: fmt.Sprintf(format, args...),
		Hint:    hint,
		Fix:     p.fix,
	})
}

// InScope reports whether f is in the rule's Scope: per-plugin rules that
// walk files themselves skip the others.
func (p *Pass) InScope(f *snapshot.File) bool { return p.Rule.Scope.Includes(p.Plugin, f) }

// Int returns an int option.
func (p *Pass) Int(name string) int {
	switch v := p.option(name).(type) {
	case int:
		return v
	case float64:
		return int(v)
	}
	return 0
}

// Bool returns a bool option.
func (p *Pass) Bool(name string) bool { b, _ := p.option(name).(bool); return b }

// String returns a string option.
func (p *Pass) String(name string) string { s, _ := p.option(name).(string); return s }

// Strings returns a list option.
func (p *Pass) Strings(name string) []string {
	switch v := p.option(name).(type) {
	case []string:
		return v
	case []any:
		var out []string
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func (p *Pass) option(name string) any {
	if v, ok := p.opts[name]; ok {
		return v
	}
	for _, o := range p.Rule.Options {
		if o.Name == name {
			return o.Default
		}
	}
	panic(fmt.Sprintf("rule %s reads undeclared option %q", p.Rule.ID, name))
}

// Name is how messages name a component file: its runtime name, e.g.
// agent "reviewer", else its path.
func (p *Pass) Name(f *snapshot.File) string {
	if n := p.Plugin.Components().NameOf(f); n != "" {
		return fmt.Sprintf("%s %q", f.Kind.Noun(), n)
	}
	return fmt.Sprintf("%q", f.Path)
}

// Quote shortens s for a message.
func Quote(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > 60 {
		s = string(r[:57]) + "..."
	}
	return fmt.Sprintf("%q", s)
}
