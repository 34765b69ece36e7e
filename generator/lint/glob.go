package lint

import (
	"path"
	"strings"
)

// MatchPath reports whether a slash-separated path matches a glob pattern.
// Segments match with path.Match; "**" matches any number of segments. A
// pattern that matches a directory also matches everything inside it.
func MatchPath(pattern, p string) bool {
	pattern = strings.TrimPrefix(strings.TrimSuffix(pattern, "/"), "./")
	p = strings.TrimPrefix(p, "./")
	return matchSegs(strings.Split(pattern, "/"), strings.Split(p, "/"))
}

func matchSegs(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if matchSegs(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return true // pattern exhausted: matched the path or a directory of it
}
