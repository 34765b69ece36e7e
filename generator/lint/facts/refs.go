package facts

import (
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

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
	// Placeholder is set for a value that is not a name (NameKindOf): a
	// stand-in ("…", "<name>", "my-plugin:{agent}", AGENT_TYPE) or a
	// program's variable or expression (agentType, agents[i]).
	// Documentation of how to dispatch writes them.
	Placeholder bool
	// Kind is what the value is (NameKindOf, refined by NameOf): only a
	// NameLiteral is a name to check; a variable, placeholder or
	// illustration stands for one.
	Kind NameKind
}

// SubagentRefs lists the subagent_type values of a file's dispatch sites
// (DispatchSites), in every written form.
var SubagentRefs = lint.NewFileAnalysis("subagent-refs", "the subagent_type values a file names, with their plugin prefix",
	[]lint.Analyzer{DispatchSites}, func(in *lint.Input, f *snapshot.File) []Ref {
		var out []Ref
		for _, s := range DispatchSites.Of(in, f) {
			if a := s.Agent; a.Kind != NameNone {
				kind := a.Kind
				if kind == NameLiteral {
					// The shape of the text around it can still make a
					// literal an illustration, a marker or a mention.
					raw := strings.TrimSpace(a.Raw)
					quoted := raw != "" && strings.IndexByte(`"'`+"`", raw[0]) >= 0
					end := min(len(f.Data), a.Off+len(a.Raw))
					kind = NameOf(strings.Trim(raw, `"'`+"`"), quoted, f.Data[end:])
				}
				out = append(out, Ref{Off: a.Off, Prefix: a.Prefix, Name: a.Name, Sample: s.Sample, Kind: kind,
					Placeholder: kind != NameLiteral})
			}
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
