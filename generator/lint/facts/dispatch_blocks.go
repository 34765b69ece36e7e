package facts

import (
	"bytes"
	"strings"
	"sync"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
	"github.com/plugforge/plugforge/generator/model"
)

// A dispatch block is a fenced code block whose first line is
// "Task tool call:", "Agent tool call:" or "SendMessage tool call:", followed
// by "key: value" lines and a "prompt: |" (or "message: |") block scalar.
//
// In a file plugforge built, and that still has the bytes it was built
// with, the blocks are the dispatch sites the render recorded in the
// variant's .plugforge-manifest.json: each gives its block's line, kind and
// agent, so nothing is guessed. In any other file (another plugin, or one
// edited since the build) the blocks are found by their first line, and
// kind and agent are read from the text; this is the one text parser of
// dispatch blocks.

// Block is one parsed dispatch block.
type Block struct {
	Tool      string // "Task", "Agent" or "SendMessage"
	Line      int    // file line of the "<Tool> tool call:" line
	FenceLine int    // file line of the opening fence
	EndLine   int    // file line of the closing fence (or last line)
	Params    []Param
	Prompt    *Scalar // prompt: | or message: |, nil when absent

	// Derived once at parse time (the parse is shared by parallel rules and
	// never changes afterwards).
	Sections  []Section     // the prompt's preamble and "## " sections
	Artifacts *Artifacts    // its Required Artifacts block, or nil
	Schema    *ReturnSchema // the first JSON schema it shows, or nil
	// Kind is the kind the build recorded for the block; "" when the block
	// was found in the text.
	Kind model.DispatchKind
	role string // see DispatchFile.Role
}

// Param is one "key: value" line of a dispatch block.
type Param struct {
	Key, Value string
	Line       int
}

// Scalar is the prompt or message block scalar, dedented.
type Scalar struct {
	Key   string
	Line  int // file line of the "prompt: |" line
	Lines []PromptLine
}

// PromptLine is one line of a prompt with its file line.
type PromptLine struct {
	Text string
	Line int
}

// headRE is a block's head; a step that makes several calls may number
// them ("Task tool call 2:").
var headRE = lazyre.New(`^(Task|Agent|SendMessage) tool call(?:\s+#?\d+)?:\s*$`)

// Param returns the value of key and whether the block sets it.
func (b *Block) Param(key string) (Param, bool) {
	for _, p := range b.Params {
		if p.Key == key {
			return p, true
		}
	}
	return Param{}, false
}

// Spawns reports whether the block starts a subagent (Task or Agent).
func (b *Block) Spawns() bool { return b.Tool == "Task" || b.Tool == "Agent" }

// Fresh reports whether the block is a fresh dispatch: a Task or Agent call
// naming a subagent_type. An Agent call is fresh even with a stray resume:
// (the Agent tool has no resume; dialect rules report that).
func (b *Block) Fresh() bool {
	if b.Kind != "" {
		return b.Kind == model.Fresh
	}
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
func (b *Block) Continued() bool {
	if b.Kind != "" {
		return b.Kind == model.Continued || b.Kind == model.Final
	}
	if b.Tool == "SendMessage" {
		return true
	}
	_, resume := b.Param("resume")
	return b.Tool == "Task" && resume
}

// Agent is the subagent a fresh block names, without its plugin prefix.
func (b *Block) Agent() string {
	p, ok := b.Param("subagent_type")
	if !ok {
		return ""
	}
	v := Unquote(p.Value)
	if i := strings.LastIndexByte(v, ':'); i >= 0 {
		v = v[i+1:]
	}
	return v
}

// Target is the value naming the continued subagent (resume: or to:).
func (b *Block) Target() string {
	for _, k := range []string{"resume", "to"} {
		if p, ok := b.Param(k); ok {
			return p.Value
		}
	}
	return ""
}

// Unquote drops the double or single quotes around a YAML-ish value.
func Unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		s = s[1 : len(s)-1]
	}
	return s
}

// DispatchFile is the dispatch view of one markdown file.
type DispatchFile struct {
	File   *snapshot.File
	Blocks []*Block
	Heads  []int    // file lines of the markdown headings outside code; none in a file without blocks
	inBlk  []bool   // by file line: inside a dispatch block
	roles  []string // agents of the fresh blocks, longest first
	// prose is split on first use: only rules about the blocks read it,
	// and most files have none.
	prose func() []Paragraph
}

// Prose lists the paragraphs outside dispatch blocks and fences.
func (df *DispatchFile) Prose() []Paragraph {
	if df.prose == nil { // not a markdown file
		return nil
	}
	return df.prose()
}

// Dispatches is the dispatch view of a markdown file: its dispatch
// blocks, parsed, with the role each starts or continues, its headings and
// its prose outside the blocks.
var Dispatches = lint.NewFileAnalysis("dispatches",
	"the dispatch blocks of a markdown file (the sites the build recorded, or found in the text), their prompts' sections, artifacts and schemas, and the prose around them",
	nil, func(in *lint.Input, f *snapshot.File) *DispatchFile { return parseDispatches(in.Plugin, f) })

func parseDispatches(p *snapshot.Plugin, f *snapshot.File) *DispatchFile {
	out := &DispatchFile{File: f}
	if f.Data == nil || !f.Kind.IsMarkdown() {
		return out
	}
	if sites, ok := recordedSites(p, f); ok {
		out.Blocks = recordedBlocks(f, sites)
	} else if bytes.Contains(f.Data, []byte(" tool call")) {
		// A block opens with a "<Tool> tool call:" line (headRE): a file
		// without one has none, and needs no markdown parse for them.
		for _, fe := range f.Markdown().Fences {
			if b := parseFence(f, fe); b != nil {
				out.Blocks = append(out.Blocks, b)
			}
		}
	}
	out.inBlk = make([]bool, f.NumLines()+2)
	for _, b := range out.Blocks {
		for n := b.FenceLine; n <= b.EndLine && n < len(out.inBlk); n++ {
			out.inBlk[n] = true
		}
		b.Sections = sections(b.Prompt)
		b.Artifacts = readArtifacts(b.Sections)
		b.Schema = firstSchema(b.Prompt)
	}
	if len(out.Blocks) > 0 { // headings are read only around blocks
		for _, h := range f.Markdown().Headings {
			out.Heads = append(out.Heads, f.PosOf(h.Offset).Line)
		}
	}
	out.prose = sync.OnceValue(func() []Paragraph { return prose(out) })
	out.roles = out.freshRoles()
	for _, b := range out.Blocks {
		if b.role == "" {
			b.role = out.roleOf(b)
		}
	}
	return out
}

func parseFence(f *snapshot.File, fe snapshot.Fence) *Block {
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
		if headRE.MatchString(t) {
			head = n
		}
		break
	}
	if head == 0 {
		return nil
	}
	b := &Block{Tool: headRE.FindStringSubmatch(strings.TrimSpace(f.LineText(head)))[1],
		Line: head, FenceLine: fe.Line, EndLine: fe.EndLine}
	keyIndent := -1
	for n := head + 1; n <= last; n++ {
		raw := f.LineText(n)
		if strings.TrimSpace(raw) == "" {
			continue
		}
		if headRE.MatchString(strings.TrimSpace(raw)) {
			break // a second call in the same fence: its keys are not this block's
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
		b.Params = append(b.Params, Param{Key: key, Value: val, Line: n})
		if (key != "prompt" && key != "message") || b.Prompt != nil {
			continue
		}
		if strings.HasPrefix(val, "|") || strings.HasPrefix(val, ">") {
			s := &Scalar{Key: key, Line: n}
			n = scalarLines(f, s, n+1, last, keyIndent)
			b.Prompt = s
		} else if val != "" {
			b.Prompt = &Scalar{Key: key, Line: n, Lines: []PromptLine{{Unquote(val), n}}}
		}
	}
	return b
}

// scalarLines reads the block scalar starting at line from, indented
// deeper than keyIndent, into s; it returns the last line it consumed.
func scalarLines(f *snapshot.File, s *Scalar, from, last, keyIndent int) int {
	ind := -1
	end := from - 1
	for n := from; n <= last; n++ {
		raw := f.LineText(n)
		if strings.TrimSpace(raw) == "" {
			s.Lines = append(s.Lines, PromptLine{"", n})
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
		s.Lines = append(s.Lines, PromptLine{strings.TrimRight(raw[cut:], " \t"), n})
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

// InBlock reports whether file line n lies inside one of the dispatch blocks.
func (df *DispatchFile) InBlock(n int) bool { return n > 0 && n < len(df.inBlk) && df.inBlk[n] }
