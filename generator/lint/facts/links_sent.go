package facts

import (
	"bytes"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// Sending answers "is the model sent to this link's target to do its
// task?" for a link in text the model gets. A dead link costs the model
// something only where it goes there: a step tells it to read, load,
// open, follow, consult or use the file ("use the template at …", "must
// comply with the rules in …"). Elsewhere the link is a pointer it may
// leave alone: "for more details, see …", a "See also", "Related" or
// "References" list or a "Reference: …" line, a page's cross-link to its sibling pages on
// the site it was copied from, an image, a placeholder word where an
// address goes. There the missing file is a defect a reader meets, not a
// failed step.
type Sending int

const (
	// Sent: a step or an instruction sends the model to the target, or
	// nothing says otherwise.
	Sent Sending = iota
	// Routed: a row of a table of alternatives ("Use X instead when…",
	// ReadingAt's Aside outside a pointer list): the model goes there
	// when the row applies, so the file must be there, unless the plugin
	// ships it under a near path.
	Routed
	// Pointer: the model is not sent there (see Sending).
	Pointer
)

// LinkSending judges the link l of the markdown file f.
func LinkSending(f *snapshot.File, l snapshot.Link) Sending {
	if l.Image || MirroredPage(f) || nameless(l.Dest) {
		return Pointer
	}
	if locationLink(f, l) && !sendRE.Match(f.Data[lineStartAt(f.Data, l.Offset):lineEnd(f.Data, l.Offset)]) {
		return Pointer // "[file.cs:42](path/file.cs#L42)": how to cite a place, not a file to read
	}
	return SendingAt(f, l.Offset)
}

// SendingAt judges the text at off of the markdown file f, where a link
// or a plain path starts (ToldToRead asks it of the paths a text names).
func SendingAt(f *snapshot.File, off int) Sending {
	d := f.Data
	if off < 0 || off > len(d) {
		return Sent
	}
	r := ReadingAt(f, off)
	switch r {
	case Provenance, History, Quoted, OtherTool:
		return Pointer
	}
	cs, ce := clauseAt(d, off)
	if headingLine(d, off) || asideBeforeRE.Match(d[cs:off]) {
		return Pointer // a heading's label, a parenthetical "(see …)", a citation
	}
	// A send word anywhere from the link's sentence to the line's end
	// counts: "See [x] for the syntax. Double-check it in tricky cases."
	if sendRE.Match(d[cs:lineEnd(d, off)]) {
		return Sent
	}
	if optionalPointerRE.Match(d[sentenceStart(d, cs):ce]) || pointerListAt(f, off) || closingLinkList(f, off) || pointerLabelRE.Match(bytes.TrimLeft(d[lineStartAt(d, off):lineEnd(d, off)], " \t>*-+0123456789.)")) {
		return Pointer
	}
	if r == Aside {
		return Routed
	}
	return Sent
}

var (
	// sendRE: a clause that tells the model to take the file in or use
	// it: ReadingAt's verbs, and "use", "apply", "comply with",
	// "validate against", "per …".
	sendRE = lazyre.New(`(?i)\b(?:read|load|open|consult|follow|must|always|required|run|invoke|use|apply|execute|comply|validate|per|double-check)\b|\bsteps? \d|必须|读取|阅读|使用`)
	// optionalPointerRE: a clause that offers more on a topic beside the
	// task: "For X, see Y" or "**For X**: See Y" at the start of a
	// sentence, and its conditional form "If you X, see Y" (a "see" the
	// reader may want, not a step: a conditional step says read, load or
	// use, which sendRE finds first), "see also Y", "see Y for more
	// (details)", "for further …", "(if exists)", 详见. "See Y for the
	// detailed steps" is not one: the steps may be the task.
	optionalPointerRE = lazyre.New(`(?i)^[\s>*_-]*\**(?:for|if|when|whenever|in case) (?:[^,:.(]|\([^)]*\)){1,160}[,:]\**\s*(?:please )?\**(?:see|refer to|check)\b|\bsee\b.{0,160}\bfor (?:more|further|additional|details?|background|other|related)\b|\bfor (?:more|further|additional) (?:details?|information|info|background|context|examples?|reading)\b|\bsee (?:the )?(?:full|complete|more|further) (?:docs|documentation)\b|\bif (?:it )?exists\b|\bsee also\b|详见|参见|详情见|更多信息`)
	// pointerHeadingRE: a heading over a list of pointers, beside
	// ReadingAt's "See also" and "Related …": cross-references, guides
	// that are "relevant", more of something.
	pointerHeadingRE = lazyre.New(`(?i)^(?:see also|related\b.*|cross[- ]?references?|relevant\b.*|further\b.*|references|resources|learn more|more (?:information|resources|reading|documentation|docs)|additional (?:resources|documentation|reading)|external (?:links|resources|references)|useful links|bibliography)$`)
	// asideBeforeRE: what stands right before a link that is cited or
	// put in parentheses rather than given as a step: "(see [x])",
	// "（详见 [x]）", "as defined in [x]".
	asideBeforeRE = lazyre.New(`(?i)(?:[(（]\s*(?:see|cf\.|详见|参见|见)\s*(?:also\s*)?(?:the\s+)?|\b(?:as )?(?:defined|described|specified|adopted|documented) in\s+(?:the\s+)?)[\[*_` + "`" + `]*$`)
	// pointerLeadRE: the lead-in line of such a list ("**Related**:").
	pointerLeadRE = lazyre.New(`(?i)^[\s>*_-]*\**(?:see also|related(?: [a-z]+)?|cross[- ]?references?)\**\s*:?\**\s*$`)
)

// clauseAt is the sentence of the line at off that holds off: a line may
// tell the model to read one thing and point it at another ("Read the
// skill first. See [x] for a complete guide.").
func clauseAt(d []byte, off int) (int, int) {
	ls, le := lineStartAt(d, off), lineEnd(d, off)
	s, e := ls, le
	for i := off - 1; i > ls; i-- {
		if sentenceEnd(d, i) {
			s = i + 1
			break
		}
	}
	for i := off; i < le; i++ {
		if sentenceEnd(d, i) {
			e = i + 1
			break
		}
	}
	return s, e
}

// sentenceStart is where the sentence holding the clause that starts at
// cs begins: a sentence of a paragraph may run over a soft line break
// ("… fallbacks. See also\n[schema.md](…)."). A list item, a table row, a
// heading, a quote or a blank line starts its own.
func sentenceStart(d []byte, cs int) int {
	ls := lineStartAt(d, cs)
	if ls != cs || ls == 0 || blockStart(d[ls:lineEnd(d, ls)]) {
		return cs
	}
	prev := lineStartAt(d, ls-1)
	l := d[prev : ls-1]
	if len(bytes.TrimSpace(l)) == 0 || bytes.HasPrefix(bytes.TrimLeft(l, " "), []byte("#")) || isTableRow(l) {
		return cs
	}
	for i := len(l) - 2; i > 0; i-- {
		if sentenceEnd(l, i) {
			return prev + i + 1
		}
	}
	return prev
}

// blockStart: a line that opens a block of its own rather than going on
// with the paragraph above it.
func blockStart(l []byte) bool {
	t := bytes.TrimLeft(l, " \t")
	return listItemRE.Match(l) || isTableRow(l) || bytes.HasPrefix(t, []byte("#")) || bytes.HasPrefix(t, []byte(">")) ||
		bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~"))
}

// sentenceEnd: ". ", "; ", "! ", "? " or an ideographic full stop.
func sentenceEnd(d []byte, i int) bool {
	if bytes.HasPrefix(d[i:], []byte("。")) {
		return true
	}
	switch d[i] {
	case '.', ';', '!', '?':
		return i+1 < len(d) && (d[i+1] == ' ' || d[i+1] == '\t')
	}
	return false
}

// headingLine reports whether off sits on an ATX heading line: a
// heading names its topic, it sends the model nowhere.
func headingLine(d []byte, off int) bool {
	return bytes.HasPrefix(bytes.TrimLeft(d[lineStartAt(d, off):lineEnd(d, off)], " "), []byte("#"))
}

// pointerListAt reports whether off sits in a list of pointers: under a
// "See also", "Related …" or closing "References" heading (ReadingAt's,
// or pointerHeadingRE), or in a list led in by "Related:" or "See also:".
func pointerListAt(f *snapshot.File, off int) bool {
	if asideSection(f, off) {
		return true
	}
	hs := f.Markdown().Headings
	for i := len(hs) - 1; i >= 0; i-- {
		if hs[i].Offset <= off {
			if pointerHeadingRE.MatchString(headingWords(hs[i].Text)) {
				return true
			}
			break
		}
	}
	d := f.Data
	ls := lineStartAt(d, off)
	if !listItemRE.Match(d[ls:lineEnd(d, ls)]) && !isTableRow(d[ls:lineEnd(d, ls)]) {
		return false
	}
	for p := ls; p > 0; {
		prev := lineStartAt(d, p-1)
		l := d[prev : p-1]
		switch {
		case len(bytes.TrimSpace(l)) == 0:
			return false
		case listItemRE.Match(l) || isTableRow(l) || bytes.HasPrefix(l, []byte("  ")):
		default:
			return pointerLeadRE.Match(l)
		}
		p = prev
	}
	return false
}

// nameless reports whether a link destination names no file a plugin
// reads: it has no file extension and no closing "/" ("./tasks",
// "../basic/authorization", a placeholder word such as "链接"). Files the
// model reads or runs have extensions; what is left is a web page's slug
// or a word standing where an address goes.
func nameless(dest string) bool {
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	return p != "" && !strings.HasSuffix(p, "/") && path.Ext(p) == "" && path.Base(p) != "." && path.Base(p) != ".."
}

// MirroredPage answers "is this document a page copied from a
// documentation site?" Such a page keeps the site's links to its sibling
// pages, its images and its source tree, which the plugin never copied;
// the model is sent to the page for its text, not to its links. A
// reference file (not a component) is one when it links the way a site
// does: a root-relative link ("/docs/x"), a link to an .html page, an
// image or link with a Markdown attribute list ("{ width=… }"), or two
// links without a file extension ("./tasks", "../basic/authorization").
func MirroredPage(f *snapshot.File) bool {
	if f.Kind.IsComponent() {
		return false
	}
	slugs := 0
	for _, l := range f.Markdown().Links() {
		p, _, _ := strings.Cut(l.Dest, "#")
		switch {
		case strings.Contains(p, "://") || p == "":
		case strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//"):
			return true
		case strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm"):
			return true
		case nameless(p):
			slugs++
		}
	}
	return slugs >= 2 || attrListRE.Match(f.Data)
}

// attrListRE: a link or image followed by a Markdown attribute list, as
// documentation sites write them ("![x](a.png){ width="70%" }").
var attrListRE = lazyre.New(`\]\([^)\s]+\)\{\s*[a-z]+="`)

// markLink marks the file a link of f leads to, from f's directory or its
// skill's, unless the model is not sent along the link (LinkSending): a
// README linked from a command's closing "See also" list is not a
// document the model is given.
func markLink(p *snapshot.Plugin, f *snapshot.File, l snapshot.Link, dest string, read map[*snapshot.File]bool, mark func(*snapshot.File)) {
	var to []*snapshot.File
	if g := p.File(path.Join(f.Dir(), dest)); g != nil && !read[g] {
		to = append(to, g)
	}
	if d := p.SkillDirOf(f.Path); d != "" {
		if g := p.File(path.Join(d, dest)); g != nil && !read[g] {
			to = append(to, g)
		}
	}
	if len(to) == 0 || LinkSending(f, l) == Pointer {
		return
	}
	for _, g := range to {
		mark(g)
	}
}
