package facts

import (
	"bytes"
	"github.com/plugforge/plugforge/generator/lazyre"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Planned answers "does the text at off describe something that does not
// exist yet?" A roadmap names the commands, skills and documents the
// author means to build; that they are missing is the point of the
// section, not a defect. It is planned when the line says so ("(planned)",
// "coming soon", "not built yet", "not yet implemented") or when a
// heading it sits under does ("## Roadmap", "### Planned commands",
// "## Future work", "## Not built yet"): the nearest heading above off and
// each enclosing one of a higher level.
func Planned(f *snapshot.File, off int) bool {
	d := f.Data
	if off < 0 || off > len(d) {
		return false
	}
	ls := bytes.LastIndexByte(d[:off], '\n') + 1
	if line := d[ls:lineEnd(d, off)]; hasFold(line, plannedLineWords) && plannedLineRE.Match(line) {
		return true
	}
	level := 7
	hs := f.Markdown().Headings
	for i := len(hs) - 1; i >= 0; i-- {
		h := hs[i]
		if h.Offset > off || h.Level >= level {
			continue
		}
		if hasFold([]byte(h.Text), plannedHeadingWords) && plannedHeadingRE.MatchString(h.Text) {
			return true
		}
		level = h.Level
	}
	return false
}

var (
	// plannedHeadingRE: a heading over things the plugin does not have yet.
	// plannedHeadingWords: every match of plannedHeadingRE holds one
	// (hasFold); "wi" and "bac" stand for "wish list" and "backlog",
	// whose s and k (?i) also matches with a non-ASCII rune.
	plannedHeadingWords = []string{"roadmap", "planned", "coming", "future", "not ", "wi", "bac"}
	plannedHeadingRE    = lazyre.New(`(?i)\b(?:roadmap|planned|coming soon|upcoming|future (?:work|plans|commands|skills|features)|not (?:yet )?(?:built|implemented|available|shipped)(?: yet)?|wish ?list|backlog)\b`)
	// plannedLineRE: a line that marks its item as not there yet.
	// plannedLineWords: every match of plannedLineRE holds one (hasFold).
	// "(" and the first letter of each word the parenthesis may hold.
	plannedLineWords = []string{"(p", "(c", "(n", "(f", "(t", "(w", "coming", "not "}
	plannedLineRE    = lazyre.New(`(?i)\((?:planned|coming soon|not yet (?:built|implemented|available)|future|todo|tbd|wip)\)|\bcoming soon\b|\bnot (?:built|implemented|shipped) yet\b|\bnot yet (?:built|implemented|shipped)\b`)
)
