package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/model"
)

// The structure of a dispatch prompt: the text before the first "## "
// heading (the rubric and coda), then "## " sections. Deeper headings stay
// inside their section.

// Section is the preamble (Heading "") or one "## " section of a prompt.
type Section struct {
	Heading string
	Line    int // file line of the heading (of the first line for the preamble)
	Body    []PromptLine
}

func sections(s *Scalar) []Section {
	if s == nil {
		return nil
	}
	var out []Section
	cur := Section{}
	if len(s.Lines) > 0 {
		cur.Line = s.Lines[0].Line
	}
	for _, l := range s.Lines {
		if h, ok := strings.CutPrefix(l.Text, "## "); ok {
			out = append(out, cur)
			cur = Section{Heading: strings.TrimSpace(h), Line: l.Line}
			continue
		}
		cur.Body = append(cur.Body, l)
	}
	return append(out, cur)
}

// section returns the first section whose heading starts with name
// (case-insensitively), or nil.
func SectionNamed(secs []Section, name string) *Section {
	for i := range secs {
		if secs[i].Heading != "" && strings.HasPrefix(strings.ToLower(secs[i].Heading), strings.ToLower(name)) {
			return &secs[i]
		}
	}
	return nil
}

// Placeholder reports whether a line is a lone {placeholder}.
func Placeholder(t string) bool {
	t = strings.TrimSpace(t)
	return len(t) >= 2 && t[0] == '{' && t[len(t)-1] == '}'
}

func headingIn(h string, list []string) bool {
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
func (s *Section) Dynamic() bool {
	if s.Heading == "" {
		return false
	}
	if headingIn(s.Heading, model.DynamicHeadings) {
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
		if !Placeholder(l.Text) {
			return false
		}
		n++
	}
	return n > 0
}

// static reports whether a section is static by its heading.
func (s *Section) Static() bool { return s.Heading != "" && headingIn(s.Heading, model.StaticHeadings) }

// ReturnSchema is a JSON return schema shown in a prompt: an intro line ending
// in "JSON:" or "evidence:" followed by a {...} object.
type ReturnSchema struct {
	Intro PromptLine
	Lines []PromptLine // the object, from "{" to its closing "}"
}

// Normal is the schema object with whitespace collapsed.
func (s *ReturnSchema) Normal() string {
	var parts []string
	for _, l := range s.Lines {
		parts = append(parts, strings.Fields(l.Text)...)
	}
	return strings.Join(parts, " ")
}

var schemaIntroRE = lazyre.New(`(?:JSON|evidence):\s*$`)

// SchemaAt returns the schema whose intro is lines[i], if any.
func SchemaAt(lines []PromptLine, i int) *ReturnSchema {
	if !schemaIntroRE.MatchString(lines[i].Text) || strings.HasPrefix(strings.TrimSpace(lines[i].Text), "#") {
		return nil
	}
	j := i + 1
	for j < len(lines) && strings.TrimSpace(lines[j].Text) == "" {
		j++
	}
	if j >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[j].Text), "{") {
		return nil
	}
	s := &ReturnSchema{Intro: lines[i]}
	depth := 0
	for k := j; k < len(lines); k++ {
		s.Lines = append(s.Lines, lines[k])
		depth += braceDelta(lines[k].Text)
		if depth <= 0 {
			break
		}
	}
	return s
}

// braceDelta counts { minus } outside double-quoted strings.
func braceDelta(t string) int {
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

// firstSchema is the first JSON schema anywhere in a prompt.
func firstSchema(s *Scalar) *ReturnSchema {
	if s == nil {
		return nil
	}
	for i := range s.Lines {
		if sc := SchemaAt(s.Lines, i); sc != nil {
			return sc
		}
	}
	return nil
}

// ChecklistAt reports whether lines[i] introduces a checklist: a plain
// line ending in ":" directly followed by "- " items, none of them holding a
// {placeholder}.
func ChecklistAt(lines []PromptLine, i int) bool {
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

// Paragraph is a run of non-blank lines.
type Paragraph struct {
	Line int // first line
	Text string
}

// prose lists the paragraphs of a file outside its dispatch blocks, with
// text joined by spaces.
func prose(df *DispatchFile) []Paragraph {
	var out []Paragraph
	var cur []string
	start := 0
	flush := func() {
		if len(cur) > 0 {
			out = append(out, Paragraph{start, strings.Join(cur, " ")})
		}
		cur = nil
	}
	md := df.File.Markdown()
	for n := 1; n <= df.File.NumLines(); n++ {
		raw := df.File.LineText(n)
		t := strings.TrimSpace(raw)
		indent := len(raw) - len(strings.TrimLeft(raw, " \t"))
		if t == "" || df.InBlock(n) || md.InCodeBlock(df.File.LineOffset(n)+indent) {
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

// StepAfter is the last line of the step that block i opens: up to the
// next heading, or the next dispatch block of another known role.
func (df *DispatchFile) StepAfter(i int) int {
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

// StepBefore is the first line of the step that ends at block i: after
// the previous heading, or the previous dispatch block of another known role.
func (df *DispatchFile) StepBefore(i int) int {
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
