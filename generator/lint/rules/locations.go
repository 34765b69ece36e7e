package rules

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// jsonLoc is the location of the value at ptr in a JSON file.
func jsonLoc(f *snapshot.File, ptr string) snapshot.Loc { return f.At(f.JSON().Offset(ptr)) }

// keyLoc is the location of the key naming the value at ptr.
func keyLoc(f *snapshot.File, ptr string) snapshot.Loc { return f.At(f.JSON().KeyOffset(ptr)) }

// nodeLoc is the location of a frontmatter node.
func nodeLoc(f *snapshot.File, n *yaml.Node) snapshot.Loc {
	if n == nil {
		return f.Line(max(f.Frontmatter().OpenLine, 1))
	}
	return f.LineCol(n.Line, n.Column)
}

// fmKeyLoc is the location of a top-level frontmatter key (or the opening
// marker when the key is absent).
func fmKeyLoc(f *snapshot.File, key string) snapshot.Loc {
	k, _ := f.Frontmatter().Get(key)
	return nodeLoc(f, k)
}

// lastToken is the unescaped last reference token of a JSON pointer.
func lastToken(ptr string) string {
	i := strings.LastIndexByte(ptr, '/')
	t := ptr[i+1:]
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}
