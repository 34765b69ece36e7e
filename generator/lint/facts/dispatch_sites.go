package facts

import (
	"bytes"
	"sort"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// A dispatch site is any place a file tells the model to start a subagent
// (the Agent or Task tool) or to send one more work (SendMessage, or Task
// with resume:), in whatever form the author wrote it:
//
//	block  a fenced block headed "Task tool call:", "SendMessage:", "Agent tool:" …
//	       followed by key: value lines (the dispatch blocks of Dispatches among them)
//	list   the same head outside a fence, in a list item, its keys indented under it
//	call   Agent(…), Task(…), SendMessage(…): keyword, colon or object arguments
//	tag    <Task subagent_type="x" … />
//	yaml   a subagent_type: line (with its sibling keys) under no tool head
//	prose  a sentence: "use SendMessage to the same agent id", "Use the Task tool
//	       with subagent_type='general-purpose'"
//
// DispatchSites is the one text recogniser of them; the parsed prompts of
// dispatch blocks stay in Dispatches, whose blocks it reuses (with the
// kinds the build recorded, when it did).

// SiteKind is what a dispatch site does.
type SiteKind uint8

const (
	// Spawn starts a subagent: Agent, or Task without resume:.
	Spawn SiteKind = iota + 1
	// Continue sends a subagent it already started more work: SendMessage
	// to its agent id, or Task with resume:.
	Continue
	// Message is SendMessage between the members of an agent team: a
	// report to the lead, a note to a teammate, a shutdown request. Its
	// replies are the team's mailbox, not a subagent's report.
	Message
)

func (k SiteKind) String() string { return [...]string{"", "spawn", "continue", "message"}[k] }

// Form is how a dispatch site is written (see above).
type Form uint8

const (
	FormBlock Form = iota + 1
	FormList
	FormCall
	FormTag
	FormYAML
	FormProse
)

func (f Form) String() string {
	return [...]string{"", "block", "list", "call", "tag", "yaml", "prose"}[f]
}

// Site is one dispatch site.
type Site struct {
	Kind SiteKind
	// Tool is "Agent", "Task" or "SendMessage"; "" for a subagent_type the
	// text gives under no tool name.
	Tool string
	Form Form
	Off  int // byte offset of the tool name, or of the subagent_type key
	Line int
	// Agent is the subagent_type value (Kind NameNone when there is none);
	// Target the to:, recipient: or resume: value of a continuation or message.
	Agent, Target Name
	Params        []Param // the key: value pairs read (blocks, lists, calls, tags, yaml)
	// Sample is set for a site in a fenced block of a programming language
	// outside any Task(…)/Agent(…) call: another framework's code using the
	// same key, not a dispatch Claude Code will make (see InCodeSample).
	Sample bool
	Block  *Block // the parsed dispatch block of a block site Dispatches found
}

// Name is a value written for an agent: a subagent_type or a target.
type Name struct {
	Raw          string // as written, quotes included
	Off          int    // offset of the value (inside its quotes)
	Prefix, Name string // "my-plugin", "reviewer" of "my-plugin:reviewer"
	Kind         NameKind
}

// Param returns the site's value for key.
func (s *Site) Param(key string) (Param, bool) {
	for _, p := range s.Params {
		if p.Key == key {
			return p, true
		}
	}
	return Param{}, false
}

// DispatchSites finds the dispatch sites of a markdown file in every form.
var DispatchSites = lint.NewFileAnalysis("dispatch-sites",
	"every place a markdown file spawns or continues a subagent (Agent, Task, SendMessage), in any written form: blocks, lists, calls, tags, yaml-ish keys, prose",
	[]lint.Analyzer{Dispatches}, func(in *lint.Input, f *snapshot.File) []Site {
		return findSites(f, Dispatches.Of(in, f))
	})

// siteNeedles are literals every form of site contains one of; a file
// without any has none and is not scanned further.
var siteNeedles = NewNeedles("subagent_type", "SendMessage", "Task(", "Agent(", "Task (", "Task tool", "Agent tool", "<Task", "resume", "Task:", "Agent:")

// siteLits are every literal the forms look for, found in the same pass
// over the file as every other rule's (facts.Needles).
var siteLits = NewNeedles("subagent_type", "SendMessage", "SendMessage(", "Task(", "Agent(", "Task (",
	"Task tool", "Agent tool", "resume", "Task", "Agent")

// scan is the state of one file's search: what earlier forms consumed is
// not read again by later ones.
type scan struct {
	f     *snapshot.File
	md    *snapshot.Markdown
	df    *DispatchFile
	used  [][2]int // byte ranges already read as a site
	sites []Site
	team  uint8 // teamFile: 0 unknown, 1 no, 2 yes
}

func findSites(f *snapshot.File, df *DispatchFile) []Site {
	if f.Data == nil || !f.Kind.IsMarkdown() {
		return nil
	}
	s := &scan{f: f, df: df}
	for _, b := range df.Blocks {
		s.blockSite(b)
	}
	if !siteNeedles.In(f) {
		return s.sites
	}
	s.md = f.Markdown()
	s.calls()
	s.invokes()
	s.heads()
	s.keys()
	s.prose()
	s.classifySends()
	sort.SliceStable(s.sites, func(i, j int) bool { return s.sites[i].Off < s.sites[j].Off })
	return s.sites
}

// blockSite adds a dispatch block of Dispatches as a block site.
func (s *scan) blockSite(b *Block) {
	st := Site{Tool: b.Tool, Form: FormBlock, Off: s.f.LineOffset(b.Line), Line: b.Line, Params: b.Params, Block: b}
	switch {
	case b.Continued():
		st.Kind = Continue
	default:
		st.Kind = Spawn
	}
	for _, p := range b.Params {
		switch p.Key {
		case "subagent_type":
			st.Agent = s.lineName(p, false)
		case "resume", "to":
			st.Target = s.lineName(p, false)
		}
	}
	s.sites = append(s.sites, st)
	s.use(s.f.LineOffset(b.FenceLine), s.f.LineOffset(b.EndLine+1))
}

// lineName makes the Name of a key: value param read from its line.
func (s *scan) lineName(p Param, inCode bool) Name {
	line := s.f.LineText(p.Line)
	at := strings.Index(line, p.Key)
	off := s.f.LineOffset(p.Line)
	if at >= 0 {
		if v := strings.Index(line[at+len(p.Key):], p.Value); v >= 0 && p.Value != "" {
			off += at + len(p.Key) + v
		}
	}
	return makeName(p.Value, off, inCode)
}

// makeName classifies raw (written at off) and splits a literal's prefix.
func makeName(raw string, off int, inCode bool) Name {
	raw = strings.TrimSpace(raw)
	n := Name{Raw: raw, Off: off, Kind: NameKindOf(raw, inCode)}
	v := raw
	if u := Unquote(strings.Trim(v, "`")); u != v {
		n.Off++
		v = u
	}
	v = strings.TrimRight(v, ".,;")
	n.Name = v
	if i := strings.IndexByte(v, ':'); i >= 0 {
		n.Prefix, n.Name = v[:i], v[i+1:]
	}
	return n
}

// use records [start, end) as read.
func (s *scan) use(start, end int) { s.used = append(s.used, [2]int{start, end}) }

// isUsed reports whether off lies in a range already read.
func (s *scan) isUsed(off int) bool {
	for _, r := range s.used {
		if off >= r[0] && off < r[1] {
			return true
		}
	}
	return false
}

// fence returns the fenced block holding off, or nil.
func (s *scan) fence(off int) *snapshot.Fence {
	fs := s.md.Fences
	i := sort.Search(len(fs), func(i int) bool { return fs[i].End > off })
	if i < len(fs) && fs[i].Offset <= off {
		return &fs[i]
	}
	return nil
}

// inProgram reports whether off lies in a fence of a programming language.
func (s *scan) inProgram(off int) bool {
	fe := s.fence(off)
	return fe != nil && off >= fe.ContentStart && codeLangs[strings.ToLower(strings.Fields(fe.Info + " x")[0])]
}

// occurrences lists the offsets of needle (one of siteLits) in the file
// body.
func (s *scan) occurrences(needle string) []int {
	all := siteLits.Offsets(s.f, needle)
	i := sort.SearchInts(all, s.md.BodyStart)
	return all[i:]
}

// lineAround returns the text of the line holding off and the offset it starts at.
func (s *scan) lineAround(off int) (string, int) {
	d := s.f.Data
	start := bytes.LastIndexByte(d[:off], '\n') + 1
	return string(d[start:lineEnd(d, off)]), start
}

func (s *scan) add(st Site) {
	st.Line = s.f.PosOf(st.Off).Line
	s.sites = append(s.sites, st)
}
