package facts

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// jqQuoted: jq -r with a literal filter that is a list (",") of strings
// printing assignments, where every interpolated value is quoted by @sh
// after being made a scalar. @sh quotes an array as several words
// ('x' 'touch /tmp/p'), so "A=\(.a)" under @sh runs the array's second
// element as a command; only tostring, tojson, strings, numbers or length
// right before the quoting make one word. Without -r (or -j) jq prints
// JSON strings in double quotes, inside which the shell expands $(…).
func jqQuoted(args []*syntax.Word) bool {
	raw, filter := false, ""
	for i := 0; i < len(args); i++ {
		a := args[i].Lit()
		switch {
		case a == "--arg" || a == "--argjson" || a == "--slurpfile" || a == "--rawfile":
			i += 2
		case a == "--raw-output" || a == "--join-output":
			raw = true
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && len(a) > 1:
			raw = raw || strings.ContainsAny(a, "rj")
		case strings.HasPrefix(a, "--"):
		default:
			f, ok := LiteralWord(args[i])
			if !ok {
				return false
			}
			filter = f
			i = len(args)
		}
	}
	return raw && JQPrintsQuoted(filter)
}

var jqScalarRE = regexp.MustCompile(`(^|\|)\s*(tostring|tojson|strings|numbers|length)\s*$`)

// JQPrintsQuoted reports whether a jq filter prints only assignments of
// @sh-quoted scalar values: terms @sh "NAME=\(X | tostring)" or
// "NAME=\(X | tostring | @sh)", joined by ",".
func JQPrintsQuoted(filter string) bool {
	var lines []string
	for _, term := range pySplit(strings.TrimSpace(filter), ',') {
		term = strings.TrimSpace(term)
		sh := strings.HasPrefix(term, "@sh")
		if sh {
			term = strings.TrimSpace(strings.TrimPrefix(term, "@sh"))
		}
		tmpl, end, ok := jqString(term, sh)
		if !ok || end != len(term)-1 {
			return false
		}
		lines = append(lines, tmpl)
	}
	return len(lines) > 0 && AssignmentTemplate(strings.Join(lines, "\n"))
}

// jqString renders the jq string literal starting at s[0] as a template,
// with quotedMark for each interpolation that is quoted: under @sh (sh)
// one ending in a scalar conversion, otherwise one ending in
// "scalar | @sh". It returns the index of the closing quote.
func jqString(s string, sh bool) (string, int, bool) {
	if s == "" || s[0] != '"' {
		return "", 0, false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '"':
			return b.String(), i, true
		case strings.HasPrefix(s[i:], `\(`):
			end := pyMatch(s, i+1)
			if end < 0 {
				return "", 0, false
			}
			x := strings.TrimSpace(s[i+2 : end])
			if !sh {
				rest, ok := strings.CutSuffix(x, "@sh")
				if !ok {
					return "", 0, false
				}
				x = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "|"))
			}
			if !jqScalarRE.MatchString(x) {
				return "", 0, false
			}
			b.WriteByte(quotedMark)
			i = end
		case strings.HasPrefix(s[i:], `\n`):
			b.WriteByte('\n')
			i++
		case s[i] == '\\':
			return "", 0, false
		default:
			b.WriteByte(s[i])
		}
	}
	return "", 0, false
}
