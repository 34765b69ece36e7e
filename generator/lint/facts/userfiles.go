package facts

import (
	"bytes"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// UserFileLinks judges, for the links of f, which name a file of the
// user's project rather than one the plugin ships, and returns the offsets
// of those links. PathRoleAt places a path in the project by its name
// (.github/…) or its line ("in your repository"); setup and coding guides
// say it otherwise: the link is the object of an instruction to create or
// edit the file ("Create [convex/schema.ts](convex/schema.ts):", "Add these
// scripts to your [package.json](package.json)", "Edit or create files in
// [convex/](convex/)"), or its target lies under a top folder the text
// treats that way elsewhere (such a link, or a code sample headed by the
// file's path, "// tests/app.test.ts") and the plugin does not ship.
func UserFileLinks(p *snapshot.Plugin, f *snapshot.File) map[int]bool {
	links := f.Markdown().Links()
	out := map[int]bool{}
	folders := map[string]bool{}
	for _, l := range links {
		if !l.Image && writeInstructionAt(f.Data, l.Offset) {
			out[l.Offset] = true
			if top, ok := topFolder(l.Dest); ok {
				folders[top] = true
			}
		}
	}
	for _, fe := range f.Markdown().Fences {
		if m := sampleHeadRE.FindSubmatch(f.Data[fe.ContentStart:min(fe.ContentEnd, lineEnd(f.Data, fe.ContentStart))]); m != nil {
			if top, ok := topFolder(string(m[1])); ok {
				folders[top] = true
			}
		}
	}
	for top := range folders {
		if shipsFolder(p, f, top) {
			delete(folders, top) // the plugin ships it: its files are the plugin's
		}
	}
	for _, l := range links {
		if top, ok := topFolder(l.Dest); ok && folders[top] {
			out[l.Offset] = true
		}
	}
	return out
}

// writeInstructionAt reports whether the text before off on its line is
// an instruction whose object is what stands at off: a verb that makes or
// changes a file ("Create", "Edit or create files in", "Add these scripts
// to your", "**Create custom entrypoint** (") with nothing between it and
// off that makes the link a source instead ("following", "from", "using").
func writeInstructionAt(d []byte, off int) bool {
	ls := bytes.LastIndexByte(d[:off], '\n') + 1
	return writeObjectRE.Match(d[ls:off])
}

// topFolder returns the first folder of a relative link destination
// ("convex" for "convex/schema.ts" and "convex/"); ok is false for a bare
// file name, a climb out ("../x") or an address.
func topFolder(dest string) (string, bool) {
	dest = strings.TrimPrefix(dest, "./")
	top, _, ok := strings.Cut(dest, "/")
	if !ok || top == "" || top == ".." || top == "." || strings.ContainsAny(top, ":#?{}$<> ") {
		return "", false
	}
	return top, true
}

// shipsFolder reports whether the plugin has a folder top next to f, at
// the root of f's skill, or at its own root.
func shipsFolder(p *snapshot.Plugin, f *snapshot.File, top string) bool {
	dirs := []string{f.Dir(), ""}
	if d := p.SkillDirOf(f.Path); d != "" {
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		if p.File(path.Join(d, top)) != nil {
			return true
		}
	}
	return false
}

var (
	// writeObjectRE: a line that ends in an instruction to create or
	// change a file, its object next: the verb (after a list marker or
	// bold), at most a few words ("these scripts", "files", "custom
	// entrypoint"), an optional "to/in/into your", then the link.
	writeObjectRE = lazyre.New(`(?i)^\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*|__)?\s*(?:create|edit|update|modify|add|append|write)(?:\s+(?:or|and|/)\s+(?:create|edit|update|modify|add|append|write))?` +
		`(?:\s+(?:these|this|the|a|an|new|following|custom|your)?\s*(?:[a-z-]+\s+){0,2}?(?:files?|scripts?|entries|entry|lines?|sections?|config|settings|entrypoint|code|content))?` +
		`\s*(?:\*\*|__)?\s*(?:(?:to|in|into|at)\s+(?:your\s+|the\s+)?)?\(?\s*$`)
	// sampleHeadRE: the first line of a code sample that names the file
	// it is the content of ("// convex/schema.ts", "# scripts/setup.sh").
	sampleHeadRE = lazyre.New(`^\s*(?://|#|--|<!--)\s*([A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+\.[A-Za-z0-9]+)\s*(?:-->)?\s*$`)
)
