package rules

import (
	"regexp"
	"strings"
)

// The structure of a dispatch prompt: the text before the first "## "
// heading (the rubric and coda), then "## " sections. Deeper headings stay
// inside their section.

// dpSection is the preamble (Heading "") or one "## " section of a prompt.
type dpSection struct {
	Heading string
	Line    int // file line of the heading (of the first line for the preamble)
	Body    []dpLine
}

func dpSections(s *dpScalar) []dpSection {
	if s == nil {
		return nil
	}
	var out []dpSection
	cur := dpSection{}
	if len(s.Lines) > 0 {
		cur.Line = s.Lines[0].Line
	}
	for _, l := range s.Lines {
		if h, ok := strings.CutPrefix(l.Text, "## "); ok {
			out = append(out, cur)
			cur = dpSection{Heading: strings.TrimSpace(h), Line: l.Line}
			continue
		}
		cur.Body = append(cur.Body, l)
	}
	return append(out, cur)
}

// section returns the first section whose heading starts with name
// (case-insensitively), or nil.
func dpSectionNamed(secs []dpSection, name string) *dpSection {
	for i := range secs {
		if secs[i].Heading != "" && strings.HasPrefix(strings.ToLower(secs[i].Heading), strings.ToLower(name)) {
			return &secs[i]
		}
	}
	return nil
}

// dpPlaceholder reports whether a line is a lone {placeholder}.
func dpPlaceholder(t string) bool {
	t = strings.TrimSpace(t)
	return len(t) >= 2 && t[0] == '{' && t[len(t)-1] == '}'
}

// dpStaticHeadings and dpDynamicHeadings classify sections by name (R4 of
// document 001): Required Artifacts and Next Phase Expectations are the same
// every iteration; Iteration Context and Domain Reviewer Outcome change.
var (
	dpStaticHeadings  = []string{"Required Artifacts", "Next Phase Expectations"}
	dpDynamicHeadings = []string{"Iteration Context", "Domain Reviewer Outcome"}
)

func dpHeadingIn(h string, list []string) bool {
	for _, n := range list {
		if strings.HasPrefix(strings.ToLower(h), strings.ToLower(n)) {
			return true
		}
	}
	return false
}

// dynamic reports whether a section is dynamic: a known dynamic heading, or
// a body that opens with a paragraph of {placeholder} lines only (whatever
// follows that paragraph in the section is checked for static content).
func (s *dpSection) dynamic() bool {
	if s.Heading == "" {
		return false
	}
	if dpHeadingIn(s.Heading, dpDynamicHeadings) {
		return true
	}
	n := 0
	for _, l := range s.Body {
		if strings.TrimSpace(l.Text) == "" {
			if n > 0 {
				break
			}
			continue
		}
		if !dpPlaceholder(l.Text) {
			return false
		}
		n++
	}
	return n > 0
}

// static reports whether a section is static by its heading.
func (s *dpSection) static() bool { return s.Heading != "" && dpHeadingIn(s.Heading, dpStaticHeadings) }

// dpSchema is a JSON return schema shown in a prompt: an intro line ending
// in "JSON:" or "evidence:" followed by a {...} object.
type dpSchema struct {
	Intro dpLine
	Lines []dpLine // the object, from "{" to its closing "}"
}

// Normal is the schema object with whitespace collapsed.
func (s *dpSchema) Normal() string {
	var parts []string
	for _, l := range s.Lines {
		parts = append(parts, strings.Fields(l.Text)...)
	}
	return strings.Join(parts, " ")
}

var dpSchemaIntroRE = regexp.MustCompile(`(?:JSON|evidence):\s*$`)

// dpSchemaAt returns the schema whose intro is lines[i], if any.
func dpSchemaAt(lines []dpLine, i int) *dpSchema {
	if !dpSchemaIntroRE.MatchString(lines[i].Text) || strings.HasPrefix(strings.TrimSpace(lines[i].Text), "#") {
		return nil
	}
	j := i + 1
	for j < len(lines) && strings.TrimSpace(lines[j].Text) == "" {
		j++
	}
	if j >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[j].Text), "{") {
		return nil
	}
	s := &dpSchema{Intro: lines[i]}
	depth := 0
	for k := j; k < len(lines); k++ {
		s.Lines = append(s.Lines, lines[k])
		depth += dpBraceDelta(lines[k].Text)
		if depth <= 0 {
			break
		}
	}
	return s
}

// dpBraceDelta counts { minus } outside double-quoted strings.
func dpBraceDelta(t string) int {
	d, in, esc := 0, false, false
	for _, r := range t {
		switch {
		case esc:
			esc = false
		case in && r == '\\':
			esc = true
		case r == '"':
			in = !in
		case !in && r == '{':
			d++
		case !in && r == '}':
			d--
		}
	}
	return d
}

// dpFirstSchema is the first JSON schema anywhere in a prompt.
func dpFirstSchema(s *dpScalar) *dpSchema {
	if s == nil {
		return nil
	}
	for i := range s.Lines {
		if sc := dpSchemaAt(s.Lines, i); sc != nil {
			return sc
		}
	}
	return nil
}

// dpChecklistAt reports whether lines[i] introduces a checklist: a plain
// line ending in ":" directly followed by "- " items, none of them holding a
// {placeholder}.
func dpChecklistAt(lines []dpLine, i int) bool {
	t := strings.TrimSpace(lines[i].Text)
	if t == "" || !strings.HasSuffix(t, ":") || strings.ContainsAny(t, "{}#") || strings.HasPrefix(t, "- ") {
		return false
	}
	n := 0
	for k := i + 1; k < len(lines); k++ {
		it := strings.TrimSpace(lines[k].Text)
		if !strings.HasPrefix(it, "- ") {
			break
		}
		if strings.ContainsAny(it, "{}") {
			return false
		}
		n++
	}
	return n > 0
}

// dpParagraph is a run of non-blank lines.
type dpParagraph struct {
	Line int // first line
	Text string
}

// dpProse lists the paragraphs of a file outside its dispatch blocks, with
// text joined by spaces.
func dpProse(df *dpFile) []dpParagraph {
	var out []dpParagraph
	var cur []string
	start := 0
	flush := func() {
		if len(cur) > 0 {
			out = append(out, dpParagraph{start, strings.Join(cur, " ")})
		}
		cur = nil
	}
	for n := 1; n <= df.File.NumLines(); n++ {
		t := strings.TrimSpace(df.File.LineText(n))
		if t == "" || df.inBlock(n) || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			flush()
			continue
		}
		if len(cur) == 0 {
			start = n
		}
		cur = append(cur, t)
	}
	flush()
	return out
}

// dpStepAfter is the last line of the step that block i opens: up to the
// next heading, or the next dispatch block of another known role.
func dpStepAfter(df *dpFile, i int) int {
	b := df.Blocks[i]
	end := df.File.NumLines()
	for _, h := range df.Heads {
		if h > b.EndLine {
			end = h - 1
			break
		}
	}
	role := df.Role(b)
	for _, nb := range df.Blocks[i+1:] {
		if r := df.Role(nb); r != "" && r != role {
			end = min(end, nb.FenceLine-1)
			break
		}
	}
	return end
}

// dpStepBefore is the first line of the step that ends at block i: after
// the previous heading, or the previous dispatch block of another known role.
func dpStepBefore(df *dpFile, i int) int {
	b := df.Blocks[i]
	start := 1
	for _, h := range df.Heads {
		if h < b.FenceLine {
			start = h + 1
		}
	}
	role := df.Role(b)
	for j := i - 1; j >= 0; j-- {
		if r := df.Role(df.Blocks[j]); r != "" && r != role {
			start = max(start, df.Blocks[j].EndLine+1)
			break
		}
	}
	return start
}
