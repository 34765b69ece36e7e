package snapshot

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Frontmatter is a markdown file's YAML block, split the way Claude Code
// splits it: "---" as the very first bytes of the file, up to the next
// "---" anywhere after that line, not only on a line of its own. 2.1.330's
// loader matches /^---\s*\n([\s\S]*?)---\s*\n?/ (read from the release),
// so "--- Apache-2.0", "----" or "name: e---f" end the block there
// (recorded: testdata/names/frontmatter-close). CRLF line endings are accepted.
type Frontmatter struct {
	// Present is set when the file has a block Claude Code reads.
	Present bool
	// Hidden is set when a block exists but Claude Code does not see it
	// because something precedes it (blank lines, spaces; not a byte order
	// mark, which Claude Code strips).
	Hidden bool
	// Unclosed is set when the file opens a block that never closes; Claude
	// Code then reads no frontmatter at all.
	Unclosed bool
	// OpenLine and CloseLine are the file lines of the two "---" markers.
	OpenLine, CloseLine int
	// EarlyClose is set when the "---" that ends the block is not a line
	// of its own ("--- x", "----", "a---b"); Lost is then the text from
	// just after it up to the next line that is only "---" (the close the
	// author most likely meant; empty when there is none), which Claude
	// Code reads as body.
	EarlyClose bool
	Lost       []byte
	// BodyOffset is where the markdown body starts.
	BodyOffset int
	// Raw is the YAML text between the markers.
	Raw []byte

	// Root is the decoded mapping (or other node) with file line numbers;
	// nil when the YAML does not parse even after repair, or is empty.
	Root *yaml.Node
	// Err is the strict parse error, if any, at ErrLine (a file line).
	Err     error
	ErrLine int
	// Repaired is set when strict YAML fails but the document parses after
	// the repair newer Claude Code releases apply (quoting values such as
	// "a: b" or "*x", expanding leading tabs; see yamlrepair.go); Root then
	// holds the repaired document.
	Repaired bool
	// RepairedLines are the file lines the repair quoted.
	RepairedLines []int
	// CRLines is set when the repair fails only because of line ends: the
	// document would parse had the repair also quoted the lines that end in
	// "\r", which Claude Code's does not (yamlrepair.go). They are those
	// file lines.
	CRLines []int
}

var (
	yamlLineRE       = lazyre.New(`line (\d+)`)
	yamlLinePrefixRE = lazyre.New(`^line \d+: `)
)

// MaxFrontmatter bounds the YAML Claude Code-style splitting will decode.
const MaxFrontmatter = 1 << 20

// Frontmatter splits and parses the file's frontmatter once.
func (f *File) Frontmatter() *Frontmatter {
	f.fmOnce.Do(func() { f.fm = parseFrontmatter(f.Data) })
	return f.fm
}

func parseFrontmatter(data []byte) *Frontmatter {
	fm := &Frontmatter{}
	// Claude Code 2.1.330 drops a leading byte order mark before it looks
	// for the block (its loader strips U+FEFF first), so a BOM hides nothing.
	start := 0
	if bytes.HasPrefix(data, bom) {
		start = len(bom)
	}
	open, rest, ok := openMarker(data, start)
	if !ok {
		// Look for a block Claude Code would miss: leading blank lines or indentation.
		i := start
		for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
			i++
		}
		if i > start {
			if o, r, ok2 := openMarker(data, i); ok2 {
				if _, _, found := closeMarker(data, r); found {
					fm.Hidden, fm.OpenLine = true, lineAt(data, o)
				}
			}
		}
		return fm
	}
	fm.OpenLine = lineAt(data, open)
	yamlEnd, bodyStart, found := closeMarker(data, rest)
	if !found {
		fm.Unclosed = true
		return fm
	}
	fm.Present = true
	fm.CloseLine = lineAt(data, yamlEnd)
	fm.BodyOffset = bodyStart
	fm.Raw = data[rest:yamlEnd]
	if ls := bytes.LastIndexByte(data[:yamlEnd], '\n') + 1; ls != yamlEnd || bodyStart != lineEnd(data, yamlEnd) {
		fm.EarlyClose = true
		if meant, _, ok := bareMarker(data, bodyStart); ok {
			fm.Lost = data[bodyStart:meant]
		}
	}
	fm.parse(fm.OpenLine)
	return fm
}

// openMarker matches "---" plus optional blanks and a line ending at i.
func openMarker(data []byte, i int) (start, next int, ok bool) {
	if !bytes.HasPrefix(data[i:], []byte("---")) {
		return 0, 0, false
	}
	j := i + 3
	for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	switch {
	case j < len(data) && data[j] == '\n':
		return i, j + 1, true
	case j+1 < len(data) && data[j] == '\r' && data[j+1] == '\n':
		return i, j + 2, true
	}
	return 0, 0, false
}

// closeMarker finds the "---" that ends the block from i, as 2.1.330's
// lazy match does: the first one, wherever it stands in its line. The body
// starts after it and the blanks and line end that follow; on a line of its
// own that is the next line, as before, so only an early close moves it.
func closeMarker(data []byte, i int) (yamlEnd, bodyStart int, ok bool) {
	k := bytes.Index(data[i:], []byte("---"))
	if k < 0 {
		return 0, 0, false
	}
	yamlEnd = i + k
	j := yamlEnd + 3
	for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r') {
		j++
	}
	if j < len(data) && data[j] == '\n' {
		j++
	}
	return yamlEnd, j, true
}

// lineEnd is the offset just past the line end of the "---" at off when
// nothing but blanks follows it on its line, else -1.
func lineEnd(data []byte, off int) int {
	j := off + 3
	for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r') {
		j++
	}
	switch {
	case j == len(data):
		return j
	case data[j] == '\n':
		return j + 1
	}
	return -1
}

// bareMarker finds the next line that is "---" (plus blanks) from i.
func bareMarker(data []byte, i int) (yamlEnd, bodyStart int, ok bool) {
	for ls := i; ls <= len(data); {
		le := bytes.IndexByte(data[ls:], '\n')
		end := len(data)
		if le >= 0 {
			end = ls + le
		}
		line := bytes.TrimRight(data[ls:end], " \t\r")
		if string(line) == "---" {
			body := end
			if le >= 0 {
				body = end + 1
			}
			return ls, body, true
		}
		if le < 0 {
			break
		}
		ls = end + 1
	}
	return 0, 0, false
}

func lineAt(data []byte, off int) int { return bytes.Count(data[:off], []byte("\n")) + 1 }

// parse decodes Raw strictly, then with the repair; yamlLine0 is the file
// line just before the YAML starts.
func (fm *Frontmatter) parse(yamlLine0 int) {
	if len(fm.Raw) > MaxFrontmatter {
		fm.Err, fm.ErrLine = fmt.Errorf("frontmatter is larger than %d bytes", MaxFrontmatter), yamlLine0+1
		return
	}
	raw, swapped := standIns(fm.Raw)
	root, err := decodeYAML(raw)
	if err == nil {
		err = quotedIndentErr(root, raw)
	}
	if err == nil {
		if swapped {
			restore(root)
		}
		fm.Root = shiftLines(root, yamlLine0)
		return
	}
	fm.Err = err
	fm.ErrLine = yamlLine0 + 1
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 0 {
			fm.ErrLine = yamlLine0 + n
		}
		// the line is reported as a file line; drop the YAML-relative one
		fm.Err = fmt.Errorf("%s", yamlLinePrefixRE.ReplaceAllString(err.Error(), ""))
	}
	fixed, lines := repairYAML(raw, false)
	r, err2 := decodeYAML(fixed)
	if err2 == nil {
		err2 = quotedIndentErr(r, fixed)
	}
	if err2 != nil && bytes.Contains(raw, []byte("\r")) {
		fm.CRLines = crOnly(raw, yamlLine0)
	}
	if err2 == nil {
		if swapped {
			restore(r)
		}
		fm.Root, fm.Repaired = shiftLines(r, yamlLine0), true
		for _, l := range lines {
			fm.RepairedLines = append(fm.RepairedLines, yamlLine0+l)
		}
		if len(fm.RepairedLines) == 0 {
			fm.RepairedLines = []int{fm.ErrLine}
		}
	}
}

// decodeYAML parses one document into a node tree; it never panics.
func decodeYAML(raw []byte) (root *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, fmt.Errorf("YAML parser failed: %v", r)
		}
	}()
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	// "..." ends a YAML document and does not end the block: 2.1.330
	// loads a block that goes on after it with empty metadata
	// (testdata/names/frontmatter-close, skill dots), where yaml.v3's
	// Unmarshal would keep the first document.
	var more yaml.Node
	if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("the block holds more than one YAML document (a \"...\" or \"---\" line inside it)")
	}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		return doc.Content[0], nil
	}
	return nil, nil // empty document
}

// shiftLines adds off to the line of every node so lines are file lines.
func shiftLines(n *yaml.Node, off int) *yaml.Node {
	if n == nil {
		return nil
	}
	var walk func(*yaml.Node, int)
	walk = func(n *yaml.Node, depth int) {
		if depth > maxDepth {
			return
		}
		n.Line += off
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return n
}

// Mapping reports whether the frontmatter decoded to a mapping.
func (fm *Frontmatter) Mapping() bool { return fm.Root != nil && fm.Root.Kind == yaml.MappingNode }

// Get returns the key and value nodes of a top-level key (the last one if
// the key repeats, as Claude Code keeps the last), or nils.
func (fm *Frontmatter) Get(key string) (k, v *yaml.Node) {
	if !fm.Mapping() {
		return nil, nil
	}
	c := fm.Root.Content
	for i := 0; i+1 < len(c); i += 2 {
		if c[i].Value == key {
			k, v = c[i], c[i+1]
		}
	}
	return k, v
}

// String returns a top-level scalar value as a string.
func (fm *Frontmatter) String(key string) (string, bool) {
	_, v := fm.Get(key)
	if v == nil || v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		return "", false
	}
	return v.Value, true
}

// crOnly returns the file lines that only a repair reaching lines ending in
// "\r" quotes, when with them the document parses; nil otherwise.
func crOnly(raw []byte, yamlLine0 int) []int {
	fixed, lines := repairYAML(raw, true)
	r, err := decodeYAML(fixed)
	if err == nil {
		err = quotedIndentErr(r, fixed)
	}
	if err != nil {
		return nil
	}
	rows := strings.Split(string(raw), "\n")
	var out []int
	for _, l := range lines {
		if strings.HasSuffix(rows[l-1], "\r") && !strings.HasPrefix(rows[l-1], "\t") {
			out = append(out, yamlLine0+l)
		}
	}
	return out
}
