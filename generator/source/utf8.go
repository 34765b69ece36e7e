package source

import "unicode/utf8"

func utf8Valid(b []byte) bool { return utf8.Valid(b) }

// invalidUTF8At returns the offset of the first invalid byte.
func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}
