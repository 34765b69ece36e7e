package facts

import "strings"

// The arguments of a call as markdown writes them: Python keywords
// (subagent_type="x"), JavaScript objects ({ subagent_type: "x", prompt }),
// pseudo-code with colons and one key a line, bare key names
// (Task(team_name, name)), over strings that may hold any punctuation.

// arg is one keyword, colon or object argument of a call.
type arg struct {
	key, raw string
	off      int // offset of the value
}

// callArgs reads the arguments of the call whose '(' is at open: the
// offset just past its ')' (-1 when none closes it within 6000 bytes) and
// its top-level key: value / key=value arguments, or those of a single
// object argument. Strings are skipped whole ("…" and `…` across lines,
// '…' up to the line's end (an apostrophe in prose), triple-quoted ones),
// so a comma or parenthesis in a prompt does not end an argument.
func callArgs(d []byte, open int) (int, []arg) {
	var out []arg
	stack := []byte{'('}
	cur := -1 // index in out of the argument whose value is being read
	valStart := 0
	closeArg := func(end int) {
		if cur >= 0 {
			out[cur].raw = strings.TrimSpace(string(d[valStart:end]))
			cur = -1
		}
	}
	keyLevel := func() bool { return len(stack) == 1 || len(stack) == 2 && stack[1] == '{' }
	limit := min(len(d), open+6000)
	for i := open + 1; i < limit; i++ {
		c := d[i]
		switch c {
		case '"', '\'', '`':
			i = skipString(d, i, limit) - 1
			continue
		case '(', '[', '{':
			stack = append(stack, c)
			continue
		case ')', ']', '}':
			if keyLevel() {
				closeArg(i)
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1, out
			}
			continue
		case ',':
			if keyLevel() {
				closeArg(i)
			}
			continue
		case '\n':
			if keyLevel() && cur >= 0 && nextLineIsKey(d, i+1, limit) {
				closeArg(i)
			}
			continue
		}
		if !keyLevel() || cur >= 0 || !(c == '_' || c >= 'a' && c <= 'z') || !argStart(d, open, i) {
			continue
		}
		j := i
		for j < limit && (d[j] == '_' || d[j] >= 'a' && d[j] <= 'z' || d[j] >= '0' && d[j] <= '9') {
			j++
		}
		if j < limit && (d[j] == '"' || d[j] == '\'') {
			j++ // "key": value
		}
		k := j
		for k < limit && (d[k] == ' ' || d[k] == '\t') {
			k++
		}
		if k < limit && strings.IndexByte(",)}", d[k]) >= 0 && callKeys[string(d[i:j])] {
			out = append(out, arg{key: string(d[i:j]), off: i}) // Task(team_name, name): the keys, named
			i = j - 1
			continue
		}
		if k < limit && (d[k] == ':' || d[k] == '=') && (k+1 >= limit || d[k+1] != '=' && d[k+1] != '>') {
			out = append(out, arg{key: strings.Trim(string(d[i:j]), `"'`)})
			cur = len(out) - 1
			v := k + 1
			for v < limit && (d[v] == ' ' || d[v] == '\t') {
				v++
			}
			valStart, out[cur].off = v, v
			i = v - 1
			continue
		}
		i = j - 1
	}
	return -1, nil
}

// argStart reports whether i starts an argument: only spaces lie between
// it and the call's '(' or '{', a ',' or a line break.
func argStart(d []byte, open, i int) bool {
	for j := i - 1; j >= open; j-- {
		switch d[j] {
		case ' ', '\t', '\r':
			continue
		case '(', '{', ',', '\n':
			return true
		}
		return false
	}
	return true
}

func isWord(c byte) bool {
	return c == '_' || c == '$' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// skipString returns the offset just past the string opening at i.
func skipString(d []byte, i, limit int) int {
	q := d[i]
	if i+2 < limit && d[i+1] == q && d[i+2] == q { // """…""" or '''…'''
		if e := strings.Index(string(d[i+3:limit]), string([]byte{q, q, q})); e >= 0 {
			return i + 3 + e + 3
		}
		return limit
	}
	for j := i + 1; j < limit; j++ {
		switch d[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			if q == '\'' {
				return j // an apostrophe in unquoted text, not a string
			}
		}
	}
	return limit
}

// nextLineIsKey reports whether the line at off starts with "key:" (the
// newline-separated arguments of YAML-like pseudo-code).
func nextLineIsKey(d []byte, off, limit int) bool {
	for off < limit && (d[off] == ' ' || d[off] == '\t') {
		off++
	}
	j := off
	for j < limit && (d[j] == '_' || d[j] >= 'a' && d[j] <= 'z') {
		j++
	}
	return j > off && j < limit && (d[j] == ':' || d[j] == '=')
}
