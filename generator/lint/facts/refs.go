package facts

import (
	"bytes"
	"slices"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var subagentRE = lazyre.New(`subagent_type["']?\s*[:=]\s*["'` + "`" + `]?([A-Za-z0-9_.-]+(?::[A-Za-z0-9_.-]+)*)`)

// Ref is a reference to a component found in a file.
type Ref struct {
	Off    int
	Prefix string // plugin prefix, "" when unqualified
	Name   string
	// Sample is set for a subagent_type in a fenced code block of a
	// programming language, outside any Task(…)/Agent(…) call: code of
	// another framework (an SDK, an orchestration library) that uses the
	// same key, not a dispatch Claude Code will make (see InCodeSample).
	Sample bool
	// Placeholder is set for a value that stands for a name instead of
	// giving one: "…"/"..." (captured empty once the dots are trimmed), or
	// a "<plugin>:" followed by "<name>" or "{name}", which the pattern
	// cannot take as a name. Documentation of how to dispatch writes them.
	Placeholder bool
	// Kind is what the value is (NameOf): only a NameLiteral is a name
	// to check; a variable, placeholder or illustration stands for one.
	Kind NameKind
}

// SubagentRefs finds the subagent_type values of a file.
var SubagentRefs = lint.NewFileAnalysis("subagent-refs", "the subagent_type values a file names, with their plugin prefix",
	nil, func(_ *lint.Input, f *snapshot.File) []Ref {
		var out []Ref
		for _, m := range FindAll(subagentRE, f.Data, "subagent_type") {
			v := string(f.Data[m[2]:m[3]])
			r := Ref{Off: m[2], Name: strings.TrimRight(v, "."), Sample: InCodeSample(f, m[0])}
			rest := f.Data[m[3]:]
			quoted := m[2] > 0 && strings.IndexByte(`"'`+"`", f.Data[m[2]-1]) >= 0
			r.Kind = NameOf(v, quoted, rest)
			r.Placeholder = r.Kind == NamePlaceholder
			if i := strings.IndexByte(r.Name, ':'); i >= 0 {
				r.Prefix, r.Name = r.Name[:i], r.Name[i+1:]
			}
			out = append(out, r)
		}
		return out
	})

// QualifiedRefs finds "<plugin>:<name>" tokens (with or without a leading
// slash) outside subagent_type values and URLs, once per file. The prefix
// is [a-z0-9][a-z0-9-]*, not preceded by a word character, "." or ":";
// the name is [a-z0-9][A-Za-z0-9_-]* with optional ":segment"s.
var QualifiedRefs = lint.NewFileAnalysis("qualified-refs", "the <plugin>:<name> references of a file outside subagent_type values and URLs",
	[]lint.Analyzer{SubagentRefs}, func(in *lint.Input, f *snapshot.File) []Ref {
		var out []Ref
		sub := map[int]bool{}
		for _, r := range SubagentRefs.Of(in, f) {
			sub[r.Off] = true
		}
		d := f.Data
		for i := 0; i < len(d); i++ {
			if d[i] != ':' {
				continue
			}
			start := i
			for start > 0 && (lowerDigit(d[start-1]) || d[start-1] == '-') {
				start--
			}
			if start == i || !lowerDigit(d[start]) || start > 0 && wordish(d[start-1]) {
				continue
			}
			end := i + 1
			for end < len(d) && lowerDigit(d[end]) {
				end = scanName(d, end)
				if end < len(d)-1 && d[end] == ':' && lowerDigit(d[end+1]) {
					end++
					continue
				}
				break
			}
			if end == i+1 || sub[start] || urlAround(d, start) {
				continue
			}
			out = append(out, Ref{Off: start, Prefix: string(d[start:i]), Name: string(d[i+1 : end])})
			i = end - 1
		}
		return out
	})

func lowerDigit(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// wordish reports characters that may not precede a qualified name.
func wordish(c byte) bool {
	return c >= 'A' && c <= 'Z' || lowerDigit(c) || c == '_' || c == '.' || c == ':' || c == '-'
}

// scanName consumes [A-Za-z0-9_-]* from i.
func scanName(d []byte, i int) int {
	for i < len(d) && (lowerDigit(d[i]) || d[i] >= 'A' && d[i] <= 'Z' || d[i] == '_' || d[i] == '-') {
		i++
	}
	return i
}

// urlAround reports whether off sits inside a URL or a "scheme:" token.
func urlAround(data []byte, off int) bool {
	ls := strings.LastIndexAny(string(data[max(0, off-200):off]), " \t\n(<\"'`")
	seg := string(data[max(0, off-200):off])
	if ls >= 0 {
		seg = seg[ls+1:]
	}
	return strings.Contains(seg, "://") || strings.HasPrefix(seg, "http") || strings.HasPrefix(seg, "mailto") ||
		strings.Contains(seg, "@")
}

// FindAll returns re.FindAllSubmatchIndex(data, -1), given that every
// match contains one of the literal needles. Go's regexp is slow on
// patterns that do not start with a literal, so it runs re only where a
// needle occurs: not at all when data has none, and, for a line-bound
// pattern (lazyre.RE.LineBound), only on the lines that hold one, which
// finds the same matches as a run over the whole text.
func FindAll(re *lazyre.RE, data []byte, needles ...string) [][]int {
	if !re.LineBound() {
		for _, n := range needles {
			if indexNeedle(data, n) >= 0 {
				return re.FindAllSubmatchIndex(data, -1)
			}
		}
		return nil
	}
	var starts []int // starts of the lines that hold a needle
	for _, n := range needles {
		for off := 0; off < len(data); {
			i := indexNeedle(data[off:], n)
			if i < 0 {
				break
			}
			ls := bytes.LastIndexByte(data[:off+i], '\n') + 1
			starts = append(starts, ls)
			off = lineEnd(data, off+i) // one hit a line is enough
		}
	}
	if len(starts) == 0 {
		return nil
	}
	slices.Sort(starts)
	starts = slices.Compact(starts)
	var out [][]int
	for _, ls := range starts {
		for _, m := range re.FindAllSubmatchIndex(data[ls:lineEnd(data, ls)], -1) {
			for k := range m {
				if m[k] >= 0 {
					m[k] += ls
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// lineEnd is the offset of the line break ending the line at off, or
// len(data).
func lineEnd(data []byte, off int) int {
	if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(data)
}
