package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// InIgnoredKey answers "is the text at off the value of a frontmatter key
// Claude Code ignores?" A key the component's schema does not know
// (skill:, title:, type: on a command; SC009 reports it) is dropped when
// the file loads and its value never reaches the model: the command's
// prompt is the body, and its listing shows description and
// argument-hint only. So a name written there (a stale label of the
// command itself, say) sends the model nowhere.
func InIgnoredKey(r lint.Reader, f *snapshot.File, off int) bool {
	fm := f.Frontmatter()
	if !fm.Mapping() || off >= fm.BodyOffset {
		return false
	}
	line := f.At(off).Line
	key := ""
	for i := 0; i+1 < len(fm.Root.Content); i += 2 {
		if k := fm.Root.Content[i]; k.Line <= line {
			key = k.Value
		}
	}
	if key == "" {
		return false
	}
	for _, is := range SchemaIssues.Of(r, f) {
		if is.Keyword == "additionalProperties" && is.Pointer == "" {
			for _, k := range is.Keys {
				if k == key {
					return true
				}
			}
		}
	}
	return false
}

// OwnMode answers "is name one of the modes a command or skill describes
// for itself?" A command dev:test whose own text lists /dev:test:unit and
// /dev:test:e2e as the ways to call it is naming its arguments (unit, e2e)
// in its own usage notes, and the model reading them is already running
// dev:test: it is not sent to another component. name is unqualified
// (test:unit); the file's own name comes from c.
func OwnMode(c *snapshot.Components, f *snapshot.File, name string) bool {
	own := c.NameOf(f)
	if own == "" || f.Kind != snapshot.KindCommand && f.Kind != snapshot.KindSkill {
		return false
	}
	mode, ok := strings.CutPrefix(name, own+":")
	return ok && mode != "" && !strings.Contains(mode, ":")
}
