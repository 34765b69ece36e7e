package facts

import (
	"regexp"
	"strings"
)

// A python program is scanned as text, not parsed: brackets, short string
// literals and comments are enough to find print() arguments, loop headers
// and assignments in the small programs scripts pipe into eval.

// pyAssigned reports whether a name is assigned anywhere in the program
// other than by a for header (name = …, a, name = …, name += …, with … as
// name), which could give it data from outside.
func pyAssigned(prog, name string) bool {
	word := regexp.MustCompile(`(^|[^A-Za-z0-9_.'"])` + name + `\b`)
	for _, line := range strings.Split(prog, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "for ") || strings.HasPrefix(t, "#") {
			continue
		}
		if loc := word.FindStringIndex(t); loc != nil && pyAssignsAfter(t[loc[1]:]) {
			return true
		}
		if regexp.MustCompile(`\bas\s+` + name + `\b`).MatchString(t) {
			return true
		}
	}
	return false
}

// pyAssignsAfter: the rest of a line, after a name, makes it a target.
func pyAssignsAfter(rest string) bool {
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "==") {
		return false
	}
	if strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ":=") || (len(rest) > 1 && rest[1] == '=' && strings.IndexByte("+-*/|&%", rest[0]) >= 0) {
		return true
	}
	if strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, ")") {
		eq := strings.Index(rest, "=")
		return eq > 0 && !strings.ContainsAny(rest[:eq], "(\"'") && !strings.HasPrefix(rest[eq:], "==")
	}
	return false
}

// pyAssignCount counts name = … lines.
func pyAssignCount(prog, name string) int {
	return len(regexp.MustCompile(`(?m)^\s*`+name+`\s*(=[^=]|\+=|:=)`).FindAllStringIndex(prog, -1))
}

// pyMatch returns the index of the bracket closing the one at open,
// skipping string literals and comments, or -1.
func pyMatch(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		case '\'', '"':
			end := pyStringEnd(s, i)
			if end < 0 {
				return -1
			}
			i = end
		case '#': // a comment, to the end of its line
			nl := strings.IndexByte(s[i:], '\n')
			if nl < 0 {
				return -1
			}
			i += nl
		}
	}
	return -1
}

// pyStringEnd returns the index of the quote closing the one at i (a
// single-line string, backslash escapes honoured), or -1.
func pyStringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case s[i]:
			return j
		case '\n':
			return -1
		}
	}
	return -1
}

// pySplit splits s on sep outside brackets and strings.
func pySplit(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == '\'' || c == '"':
			if end := pyStringEnd(s, i); end > 0 {
				i = end
			}
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// pySplitArgs splits a call's argument text; print() has none.
func pySplitArgs(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return pySplit(s, ',')
}

// pyStringBody returns the body of a term that is exactly one short
// string literal, 'x' or "x".
func pyStringBody(term string) (string, bool) {
	if len(term) < 2 || strings.HasPrefix(term, `"""`) || strings.HasPrefix(term, "'''") {
		return "", false
	}
	if end := pyStringEnd(term, 0); end == len(term)-1 {
		return term[1:end], true
	}
	return "", false
}
