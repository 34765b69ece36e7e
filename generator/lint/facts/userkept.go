package facts

import (
	"bytes"
	"path"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// LookedForAt answers "does the text say this file is one the user may
// keep?" for the data file rel that f names at data[off:end] (a
// ${CLAUDE_PLUGIN_ROOT}/… path). Where a text lists the places a key or a
// setting is looked for ("checked in order: $PWD/.env, then
// ${CLAUDE_PLUGIN_ROOT}/.env"), or reads the file only if it is there
// ("if present", "optional"; not a choice between two of the plugin's own
// files, "read A if it exists, otherwise B", whose one or other must be
// shipped), the file is the user's to provide and its absence is one of
// the cases the text already handles. It is the text's
// counterpart of LocalFile, which reads the same from the plugin's files.
// Code is never looked for this way: a script the text runs must be
// shipped.
func LookedForAt(f *snapshot.File, off, end int, rel string) bool {
	base := path.Base(rel)
	if !dataFileRE.MatchString(base) {
		return false
	}
	d := f.Data
	ls, le := lineStartAt(d, off), lineEnd(d, end)
	s, e := ls, le // the sentence holding the path
	if i := bytes.LastIndex(d[ls:off], []byte(". ")); i >= 0 {
		s = ls + i + 2
	}
	if i := bytes.Index(d[end:le], []byte(". ")); i >= 0 {
		e = end + i
	}
	if ifPresentRE.Match(d[s:e]) && !otherRootPath(d[s:e], off-s, end-s) {
		return true // read only if there; a choice between two of the plugin's files is FallbackAt's
	}
	return elsewhereOnLine(d[ls:le], off-ls, end-ls, base)
}

// otherRootPath reports whether s names a ${CLAUDE_PLUGIN_ROOT} path other
// than the one at s[off:end]: "read A if it exists, otherwise B" is a
// choice between two files the plugin should ship one of, not an optional
// file.
func otherRootPath(s []byte, off, end int) bool {
	for _, m := range pluginPathRE.FindAllIndex(s, -1) {
		if m[1] <= off || m[0] >= end {
			return true
		}
	}
	return false
}

var pluginPathRE = lazyre.New(`\$\{?CLAUDE_(?:PLUGIN_ROOT|SKILL_DIR)\}?/`)

// ifPresentRE: the text reads the file only if it is there.
// pluginRootRE: a path that starts at the plugin's or a skill's folder.
var pluginRootRE = lazyre.New(`^\$\{?CLAUDE_(?:PLUGIN_ROOT|SKILL_DIR)\b`)

var ifPresentRE = lazyre.New(`(?i)\b(?:if (?:it |one |the file |that file |such a file )?(?:exists|is present|present|is there)|when present|if you (?:have|keep|made|created) one|is optional|optionally)\b|\(optional\)`)

// elsewhereOnLine reports whether line names the same file in a place of
// the user's, outside the plugin ("$PWD/.env, then
// ${CLAUDE_PLUGIN_ROOT}/.env", "~/.config/x/settings.toml or …"): the
// path at line[off:end] is one of several places the file is looked for.
// Two of the plugin's own paths with one file name ("skills/a/SKILL.md
// and skills/b/SKILL.md") are two files, not two places.
func elsewhereOnLine(line []byte, off, end int, base string) bool {
	b := []byte("/" + base)
	for i := 0; ; {
		j := bytes.Index(line[i:], b)
		if j < 0 {
			return false
		}
		at := i + j
		i = at + len(b)
		if at >= off && at < end {
			continue // this path itself
		}
		if i < len(line) && (isNameByte(line[i]) || line[i] == '.') {
			continue // a longer name
		}
		start := at
		for start > 0 && (pathByte(line[start-1]) || line[start-1] == '/' || line[start-1] == '$' || line[start-1] == '~') {
			start--
		}
		if !pluginRootRE.Match(line[start:at]) {
			return true
		}
	}
}
