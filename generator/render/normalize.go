package render

import "strings"

// normalize gives every text output the same shape whatever the templates'
// whitespace: no trailing spaces, no runs of blank lines outside fenced
// code, LF only, exactly one final newline.
func normalize(s string) []byte {
	b, _ := normalizeLines(s)
	return b
}

// normalizeLines is normalize that also says where each line of s went:
// moved[i] is the 1-based output line of input line i (0-based); a line
// that was dropped (a surplus blank line) maps to the next line kept.
func normalizeLines(s string) ([]byte, []int) {
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	moved := make([]int, len(lines))
	fence := ""
	blank := false
	for i, l := range lines {
		moved[i] = len(out) + 1
		l = strings.TrimRight(l, " \t")
		if f, rest := fenceOf(l); f != "" {
			switch {
			case fence == "":
				fence = f
			case f[0] == fence[0] && len(f) >= len(fence) && strings.TrimSpace(rest) == "":
				fence = ""
			}
		}
		if l == "" && fence == "" {
			if blank || len(out) == 0 {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	for i := range moved {
		moved[i] = min(moved[i], max(len(out), 1))
	}
	return []byte(strings.Join(out, "\n") + "\n"), moved
}

// fenceOf returns the fence run (``` or ~~~, possibly longer) that starts
// this line, and what follows it; "" if the line is no fence.
func fenceOf(l string) (string, string) {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 {
		return "", ""
	}
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 {
			return t[:n], t[n:]
		}
	}
	return "", ""
}
