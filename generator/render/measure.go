package render

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// StaticChars is the size in characters of the fixed part of the site's
// fresh prompt (rubric through return schema), as the subagent receives it.
// The delta size guard compares a delta with the first prompt's length;
// printing this number lets a command measure that length (fixed part plus
// the measured size of what it fills in) instead of estimating it.
func (d *Dispatch) StaticChars() (int, error) {
	t := d.page.run.set.Lookup("dispatch.static")
	if t == nil {
		return 0, fmt.Errorf("template dispatch.static is missing")
	}
	var b bytes.Buffer
	if err := t.Execute(&b, d); err != nil {
		return 0, fmt.Errorf("measuring the fixed prompt of %s: %w", d.ID, err)
	}
	// The block scalar's indentation is not part of the prompt.
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "    ")
	}
	return utf8.RuneCountInString(strings.Join(lines, "\n")), nil
}
