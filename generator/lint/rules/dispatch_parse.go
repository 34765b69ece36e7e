package rules

import (
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// A dispatch block is a fenced code block whose first line is
// "Task tool call:", "Agent tool call:" or "SendMessage tool call:", followed
// by "key: value" lines and a "prompt: |" (or "message: |") block scalar.
// The rules find them structurally, so they work on any plugin's markdown.

// dpBlock is one parsed dispatch block.
type dpBlock struct {
	Tool      string // "Task", "Agent" or "SendMessage"
	Line      int    // file line of the "<Tool> tool call:" line
	FenceLine int    // file line of the opening fence
	EndLine   int    // file line of the closing fence (or last line)
	Params    []dpParam
	Prompt    *dpScalar // prompt: | or message: |, nil when absent

	// Derived once at parse time (the parse is shared by parallel rules and
	// never changes afterwards).
	Sections []dpSection  // the prompt's preamble and "## " sections
	Arts     *dpArtifacts // its Required Artifacts block, or nil
	Schema   *dpSchema    // the first JSON schema it shows, or nil
	role     string       // see dpFile.Role
}

// dpParam is one "key: value" line of a dispatch block.
type dpParam struct {
	Key, Value string
	Line       int
}

// dpScalar is the prompt or message block scalar, dedented.
type dpScalar struct {
	Key   string
	Line  int // file line of the "prompt: |" line
	Lines []dpLine
}

// dpLine is one line of a prompt with its file line.
type dpLine struct {
	Text string
	Line int
}

var dpHeadRE = regexp.MustCompile(`^(Task|Agent|SendMessage) tool call:\s*$`)

// Param returns the value of key and whether the block sets it.
func (b *dpBlock) Param(key string) (dpParam, bool) {
	for _, p := range b.Params {
		if p.Key == key {
			return p, true
		}
	}
	return dpParam{}, false
}

// Spawns reports whether the block starts a subagent (Task or Agent).
func (b *dpBlock) Spawns() bool { return b.Tool == "Task" || b.Tool == "Agent" }

// Fresh reports whether the block is a fresh dispatch: a Task or Agent call
// naming a subagent_type. An Agent call is fresh even with a stray resume:
// (the Agent tool has no resume; dialect rules report that).
func (b *dpBlock) Fresh() bool {
	if !b.Spawns() {
		return false
	}
	if _, ok := b.Param("subagent_type"); !ok {
		return false
	}
	_, resume := b.Param("resume")
	return b.Tool == "Agent" || !resume
}

// Continued reports whether the block continues an earlier subagent: a
// Task call with resume:, or a SendMessage call.
func (b *dpBlock) Continued() bool {
	if b.Tool == "SendMessage" {
		return true
	}
	_, resume := b.Param("resume")
	return b.Tool == "Task" && resume
}

// Agent is the subagent a fresh block names, without its plugin prefix.
func (b *dpBlock) Agent() string {
	p, ok := b.Param("subagent_type")
	if !ok {
		return ""
	}
	v := dpUnquote(p.Value)
	if i := strings.LastIndexByte(v, ':'); i >= 0 {
		v = v[i+1:]
	}
	return v
}

// Target is the value naming the continued subagent (resume: or to:).
func (b *dpBlock) Target() string {
	for _, k := range []string{"resume", "to"} {
		if p, ok := b.Param(k); ok {
			return p.Value
		}
	}
	return ""
}

func dpUnquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		s = s[1 : len(s)-1]
	}
	return s
}

// dpFile is the dispatch view of one markdown file.
type dpFile struct {
	File   *snapshot.File
	Blocks []*dpBlock
	Heads  []int         // file lines of the markdown headings outside code
	Prose  []dpParagraph // paragraphs outside dispatch blocks and fences
	inBlk  []bool        // by file line: inside a dispatch block
	roles  []string      // agents of the fresh blocks, longest first
}

// dpParse returns the dispatch blocks of a markdown file (memoized).
func dpParse(f *snapshot.File) *dpFile {
	return f.Memo("dispatch.blocks", func() any { return dpParseFile(f) }).(*dpFile)
}

func dpParseFile(f *snapshot.File) *dpFile {
	out := &dpFile{File: f}
	if f.Data == nil || !f.Kind.IsMarkdown() {
		return out
	}
	for _, fe := range f.Markdown().Fences {
		if b := dpParseFence(f, fe); b != nil {
			out.Blocks = append(out.Blocks, b)
		}
	}
	out.inBlk = make([]bool, f.NumLines()+2)
	for _, b := range out.Blocks {
		for n := b.FenceLine; n <= b.EndLine && n < len(out.inBlk); n++ {
			out.inBlk[n] = true
		}
		b.Sections = dpSections(b.Prompt)
		b.Arts = dpReadArtifacts(b.Sections)
		b.Schema = dpFirstSchema(b.Prompt)
	}
	for _, h := range f.Markdown().Headings {
		out.Heads = append(out.Heads, f.PosOf(h.Offset).Line)
	}
	out.Prose = dpProse(out)
	out.roles = out.freshRoles()
	for _, b := range out.Blocks {
		b.role = out.roleOf(b)
	}
	return out
}

func dpParseFence(f *snapshot.File, fe snapshot.Fence) *dpBlock {
	first := f.PosOf(fe.ContentStart).Line
	last := fe.EndLine - 1
	if !fe.Closed {
		last = fe.EndLine
	}
	head := 0
	for n := first; n <= last; n++ {
		t := strings.TrimSpace(f.LineText(n))
		if t == "" {
			continue
		}
		if dpHeadRE.MatchString(t) {
			head = n
		}
		break
	}
	if head == 0 {
		return nil
	}
	b := &dpBlock{Tool: dpHeadRE.FindStringSubmatch(strings.TrimSpace(f.LineText(head)))[1],
		Line: head, FenceLine: fe.Line, EndLine: fe.EndLine}
	keyIndent := -1
	for n := head + 1; n <= last; n++ {
		raw := f.LineText(n)
		if strings.TrimSpace(raw) == "" {
			continue
		}
		ind := len(raw) - len(strings.TrimLeft(raw, " \t"))
		if keyIndent < 0 {
			keyIndent = ind
		}
		if ind > keyIndent {
			continue // continuation of a value we do not model
		}
		key, val, ok := strings.Cut(strings.TrimSpace(raw), ":")
		if !ok || strings.ContainsAny(key, " \t") {
			continue
		}
		val = strings.TrimSpace(val)
		b.Params = append(b.Params, dpParam{Key: key, Value: val, Line: n})
		if (key != "prompt" && key != "message") || b.Prompt != nil {
			continue
		}
		if strings.HasPrefix(val, "|") || strings.HasPrefix(val, ">") {
			s := &dpScalar{Key: key, Line: n}
			n = dpScalarLines(f, s, n+1, last, keyIndent)
			b.Prompt = s
		} else if val != "" {
			b.Prompt = &dpScalar{Key: key, Line: n, Lines: []dpLine{{dpUnquote(val), n}}}
		}
	}
	return b
}

// dpScalarLines reads the block scalar starting at line from, indented
// deeper than keyIndent, into s; it returns the last line it consumed.
func dpScalarLines(f *snapshot.File, s *dpScalar, from, last, keyIndent int) int {
	ind := -1
	end := from - 1
	for n := from; n <= last; n++ {
		raw := f.LineText(n)
		if strings.TrimSpace(raw) == "" {
			s.Lines = append(s.Lines, dpLine{"", n})
			continue
		}
		li := len(raw) - len(strings.TrimLeft(raw, " \t"))
		if li <= keyIndent {
			break
		}
		if ind < 0 {
			ind = li
		}
		cut := min(li, ind)
		s.Lines = append(s.Lines, dpLine{strings.TrimRight(raw[cut:], " \t"), n})
		end = n
	}
	// drop trailing blank lines
	for len(s.Lines) > 0 && s.Lines[len(s.Lines)-1].Text == "" {
		s.Lines = s.Lines[:len(s.Lines)-1]
	}
	if len(s.Lines) > 0 {
		end = max(end, s.Lines[len(s.Lines)-1].Line)
	}
	return end
}

// inBlock reports whether file line n lies inside one of the dispatch blocks.
func (df *dpFile) inBlock(n int) bool { return n > 0 && n < len(df.inBlk) && df.inBlk[n] }
