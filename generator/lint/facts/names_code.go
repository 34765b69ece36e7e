package facts

import "bytes"

// The tokens shaped like plugin:name that are program syntax, not
// component references: ReferenceOf asks these before the text's cues.

// moduleSchemes are the prefixes JavaScript runtimes and package
// registries give module specifiers ("node:fs", "bun:test", "npm:zod",
// "jsr:@std/path"). Without a slash such a token is the module, named as
// code imports it, whatever plugin shares the prefix's name.
var moduleSchemes = map[string]bool{"node": true, "bun": true, "deno": true, "npm": true, "jsr": true}

func moduleScheme(tok []byte) bool {
	p, _, ok := bytes.Cut(tok, []byte(":"))
	return ok && moduleSchemes[string(p)]
}

// xmlTag reports whether the name at off opens or closes a tag ("<ns:tag",
// "</ns:tag"): markup a hook parses out of replies or a format the model
// writes, never a component named in prose.
func xmlTag(d []byte, off int) bool {
	return off > 0 && d[off-1] == '<' || off > 1 && d[off-1] == '/' && d[off-2] == '<'
}

// codeTerm reports whether tok occurs in d right after "//", as a
// directive comment: then the file uses it as program syntax, and a
// heading or sentence naming it ("## go:generate") quotes that syntax.
func codeTerm(d, tok []byte) bool {
	for i := 0; ; {
		j := bytes.Index(d[i:], tok)
		if j < 0 {
			return false
		}
		at := i + j
		if at >= 2 && d[at-1] == '/' && d[at-2] == '/' {
			return true
		}
		i = at + 1
	}
}
