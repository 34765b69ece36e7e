package facts

import (
	"bytes"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// UnreadDoc answers "is this a file at the plugin's root that neither
// Claude Code nor the plugin ever reads?": a licence, read-me, changelog or
// the like (by its name), which no other file of the plugin points at, by
// a link that resolves to it or by ${CLAUDE_PLUGIN_ROOT}/NAME, leaving
// aside the other such files (a README that says "see LICENSE" is not read
// either). A bare "LICENSE" in a command is the user's project's file (a
// template command that adds one), not the plugin's. Claude Code loads a plugin from its manifest, its component
// folders and the files they name; a LICENSE is for people browsing the
// repository. So a symlink there that is broken once installed costs the
// plugin nothing it does: layout rules report it as a warning, not an error.
func UnreadDoc(p *snapshot.Plugin, rel string) bool {
	if strings.Contains(rel, "/") || !isDocName(rel) {
		return false
	}
	rooted := [][]byte{[]byte("CLAUDE_PLUGIN_ROOT}/" + rel), []byte("CLAUDE_PLUGIN_ROOT/" + rel)}
	for _, f := range p.Files {
		if f.Path == rel || f.Data == nil || !strings.Contains(f.Path, "/") && isDocName(f.Path) {
			continue
		}
		if bytes.Contains(f.Data, rooted[0]) || bytes.Contains(f.Data, rooted[1]) {
			return false
		}
		if !f.Kind.IsMarkdown() || !bytes.Contains(f.Data, []byte(rel)) {
			continue
		}
		for _, l := range f.Markdown().Links() {
			if d, _, _ := strings.Cut(l.Dest, "#"); path.Clean(path.Join(path.Dir(f.Path), d)) == rel {
				return false
			}
		}
	}
	return true
}

// docNames are the stems of the files repositories keep for people, not
// tools: compared without case and extension.
var docNames = map[string]bool{"license": true, "licence": true, "copying": true, "notice": true,
	"readme": true, "changelog": true, "changes": true, "history": true, "contributing": true,
	"authors": true, "security": true, "code_of_conduct": true}

// Without an extension only the upper-case spelling counts (LICENSE,
// NOTICE): "Security" or "Changes" is as likely a folder of the plugin's.
func isDocName(base string) bool {
	stem := base
	if i := strings.IndexByte(stem, '.'); i > 0 {
		stem = stem[:i]
	} else if stem != strings.ToUpper(stem) {
		return false
	}
	return docNames[strings.ToLower(stem)]
}

// NamedInSteps answers "does another component's text tell the model to
// use this component?": the name stands, as a whole word, in a command,
// agent or skill other than self, on a line ReadingAt judges Acted. A
// mention in an index, a See also list or the plugin's docs/ folder is
// not a step: Claude Code loads none of those, or the model reads past it.
func NamedInSteps(p *snapshot.Plugin, self *snapshot.File, name string) bool {
	if name == "" {
		return false
	}
	needle := []byte(name)
	for _, f := range p.Files {
		if f == self || !f.Kind.IsComponent() || f.Data == nil {
			continue
		}
		for from := 0; ; {
			i := bytes.Index(f.Data[from:], needle)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(needle)
			if nameByte(f.Data, at-1) || nameByte(f.Data, from) {
				continue // part of a longer name: "kb-spec-v2", "my-kb-spec"
			}
			if ReadingAt(f, at) == Acted {
				return true
			}
		}
	}
	return false
}

// nameByte reports whether data[i] continues a component name.
func nameByte(data []byte, i int) bool {
	return i >= 0 && i < len(data) && isNameByte(data[i])
}
