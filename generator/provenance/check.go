package provenance

import (
	"fmt"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/model"
)

// The patterns of schemas/provenance.schema.json's $defs.
var (
	namePattern = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	hashPattern = lazyre.New(`^[0-9a-f]{64}$`)
	modePattern = lazyre.New(`^0[0-7]{3}$`)
)

// check holds a decoded manifest to what the schema requires.
func (m *Manifest) check() error {
	switch {
	case m.Generator != Generator:
		return fmt.Errorf("generator %q is not %q at /generator", m.Generator, Generator)
	case m.Variant == "":
		return fmt.Errorf(`missing required property "variant" at top level`)
	case !namePattern.MatchString(m.Variant):
		return fmt.Errorf("variant %q is not kebab-case at /variant", m.Variant)
	case m.Dialect == "":
		return fmt.Errorf(`missing required property "dialect" at top level`)
	case !namePattern.MatchString(string(m.Dialect)):
		return fmt.Errorf("dialect %q is not kebab-case at /dialect", m.Dialect)
	case m.Files == nil:
		return fmt.Errorf(`missing required property "files" at top level`)
	}
	for i, e := range m.Files {
		if err := e.check(fmt.Sprintf("/files/%d", i)); err != nil {
			return err
		}
	}
	return nil
}

func (e *Entry) check(at string) error {
	if err := checkPath(e.Path, at+"/path"); err != nil {
		return err
	}
	if !hashPattern.MatchString(e.SHA256) {
		return fmt.Errorf("sha256 %q is not a hex sha256 at %s/sha256", e.SHA256, at)
	}
	if !modePattern.MatchString(e.Mode) {
		return fmt.Errorf("mode %q is not four octal digits at %s/mode", e.Mode, at)
	}
	if len(e.Sources) == 0 {
		return fmt.Errorf("no sources at %s/sources", at)
	}
	for i, s := range e.Sources {
		if err := checkPath(s.Path, fmt.Sprintf("%s/sources/%d/path", at, i)); err != nil {
			return err
		}
		if !hashPattern.MatchString(s.SHA256) {
			return fmt.Errorf("sha256 %q is not a hex sha256 at %s/sources/%d/sha256", s.SHA256, at, i)
		}
	}
	for i, d := range e.Dispatches {
		where := fmt.Sprintf("%s/dispatches/%d", at, i)
		switch {
		case (d.Component == "") != (d.Role == ""):
			return fmt.Errorf("component and role come together at %s", where)
		case d.Component != "" && (!namePattern.MatchString(d.Component) || !namePattern.MatchString(d.Role)):
			return fmt.Errorf("component %q or role %q is not kebab-case at %s", d.Component, d.Role, where)
		case !namePattern.MatchString(d.Agent):
			return fmt.Errorf("agent %q is not kebab-case at %s/agent", d.Agent, where)
		case !knownKind(d.Kind):
			return fmt.Errorf("kind %q is not a dispatch kind at %s/kind", d.Kind, where)
		case d.Line < 1:
			return fmt.Errorf("line %d is not a line at %s/line", d.Line, where)
		}
	}
	return nil
}

func checkPath(p, at string) error {
	if p == "" || strings.HasPrefix(p, "/") {
		return fmt.Errorf("path %q is not a relative path at %s", p, at)
	}
	return nil
}

func knownKind(k model.DispatchKind) bool {
	switch k {
	case model.Fresh, model.Continued, model.Final, model.Fallback, model.Compaction:
		return true
	}
	return false
}
