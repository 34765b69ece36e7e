package rules

import (
	"strings"
)

func isURL(s string) bool { return strings.Contains(s, "://") }

// escapes reports whether a declared path is absolute or climbs out with "..".
func escapes(s string) bool {
	s = strings.ReplaceAll(s, "\\", "/")
	if strings.HasPrefix(s, "/") || len(s) > 1 && s[1] == ':' {
		return true
	}
	for _, seg := range strings.Split(s, "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}
