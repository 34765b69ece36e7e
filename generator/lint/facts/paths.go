package facts

import (
	"bytes"
	"github.com/plugforge/plugforge/generator/lazyre"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// PathRole answers "whose file is this?" for a path a prompt writes: one
// the plugin ships, one the text tells the model to create, one in the
// user's project, or one of a document the model writes out. Only a
// Shipped path must exist in the plugin; rules that report a missing
// file ask PathRoleAt or OutputDocument first.
type PathRole int

const (
	// Shipped: the plugin should ship the file (a script to run, a
	// reference to read).
	Shipped PathRole = iota
	// Created: the text tells the model (or a command it runs) to create
	// the file: a backup, a new folder, a state file, the target of a
	// redirect, cp, mv or mkdir.
	Created
	// Project: a file of the user's project (.github/…, .claude/…), or
	// one the text places there ("in your repository").
	Project
	// Criterion: the text asks whether the file is there or what it
	// holds, as a check to grade ("`x` exists", a rubric row or checklist
	// item whose subject is the file): a missing file is a failed item,
	// not a failure of the plugin.
	Criterion
)

var pathRoleNames = [...]string{"shipped", "created", "project", "criterion"}

func (r PathRole) String() string { return pathRoleNames[r] }

// PathRoleAt judges the path p that f writes at data[off:end] (a link's
// destination, a ${CLAUDE_PLUGIN_ROOT}/… path), from its name and its line.
func PathRoleAt(f *snapshot.File, off, end int, p string) PathRole {
	d := f.Data
	ls := bytes.LastIndexByte(d[:off], '\n') + 1
	before, after := d[ls:off], d[end:lineEnd(d, end)]
	switch {
	case projectPathRE.MatchString(strings.TrimPrefix(p, "./")) || projectCueRE.Match(d[ls:lineEnd(d, end)]):
		return Project
	case backupRE.MatchString(p) || createdCmdRE.Match(before) || createdWordRE.Match(before) ||
		copyTargetRE.Match(before) && commandEnds(after):
		return Created
	case criterion(before, after):
		return Criterion
	}
	return Shipped
}

// criterion reports whether a path with before and after it on its line
// is the subject of a check: its existence is asked ("exists", "is
// missing"), or it opens a checklist item or rubric cell and a claim about
// it follows ("`CHANGELOG.md` has an entry").
func criterion(before, after []byte) bool {
	after = bytes.TrimLeft(after, "`'\"*")
	if existsRE.Match(after) {
		return true
	}
	var lead []byte
	if m := checkItemRE.FindIndex(before); m != nil {
		lead = before[m[1]:]
	} else if i := bytes.LastIndexByte(before, '|'); i >= 0 && bytes.HasPrefix(bytes.TrimSpace(before), []byte("|")) {
		lead = before[i+1:]
	} else {
		return false
	}
	return len(bytes.Trim(lead, " \t`'\"*")) == 0 && claimRE.Match(after)
}

var (
	// projectPathRE: a directory every project has and no plugin ships.
	projectPathRE = lazyre.New(`^\.(?:github|gitlab|claude|vscode|cursor|devcontainer|circleci|husky)/`)
	// projectCueRE: the line places the file in the user's project.
	projectCueRE = lazyre.New(`(?i)\b(?:your|the user's|the project's|the repository's) (?:project|repo|repository|codebase|workspace)\b|\bin the (?:project|repository|repo) root\b`)
	// backupRE: a name that says it is a copy made at run time.
	backupRE = lazyre.New(`(?i)(?:\.(?:bak|backup|orig|old|tmp)$|backup|~$)`)
	// createdCmdRE: the path is the target of a command that creates it.
	createdCmdRE = lazyre.New(`(?:\bmkdir(?:\s+-p)?|\btouch|\btee(?:\s+-a)?|>>?)\s*["']?$`)
	// copyTargetRE: cp/mv/ln/rsync/install with the path as the last word
	// of the command (checked by the caller: nothing path-like follows).
	copyTargetRE = lazyre.New(`\b(?:cp|mv|ln|rsync|install)\b[^|;&]*\s["']?$`)
	// existsRE: the words right after a path ask whether it is there.
	existsRE = lazyre.New(`^\s*(?:exists?|is (?:present|there|missing|absent)|are (?:present|there|missing))\b`)
	// checkItemRE: the start of a checklist item, "- [ ]" or "- [x]".
	checkItemRE = lazyre.New(`^\s*[-*]\s+\[[ xX]\]`)
	// claimRE: a claim about the file that opens a rubric row or item.
	claimRE = lazyre.New(`^\s*(?:is|are|has|have|holds|contains|lists|explains|describes|documents|covers|defines|includes|matches|names|states)\b`)
	// createdWordRE: prose that tells the model to make the file or folder.
	createdWordRE = lazyre.New(`(?i)\b(?:create|creates|creating|make|write|writes|writing|save|saves|saving|store|stores|generate|generates|back up|output to|new (?:folder|directory|file))\b[^.]*$`)
)

// commandEnds reports whether the text after a path ends the command it
// is an argument of (so the path was the last argument).
func commandEnds(after []byte) bool {
	rest := bytes.TrimSpace(bytes.TrimLeft(after, `"'`))
	return len(rest) == 0 || bytes.IndexByte([]byte("`;&|)#"), rest[0]) >= 0
}

// OutputDocument reports whether f is a document the model fills in and
// writes somewhere else: a file under a skill's assets/ or templates/
// directory (the Agent Skills layout keeps there what goes into the
// output), or one whose name says it is a template. Its relative links
// belong to the document it becomes, in the user's project.
func OutputDocument(p *snapshot.Plugin, f *snapshot.File) bool {
	if strings.Contains(strings.ToLower(f.Base()), "template") {
		return true
	}
	d := p.SkillDirOf(f.Path)
	if d == "" {
		return false
	}
	rel := strings.TrimPrefix(f.Path, d+"/")
	first, _, _ := strings.Cut(rel, "/")
	switch strings.ToLower(first) {
	case "assets", "templates", "template":
		return path.Base(rel) != rel
	}
	return false
}

// PlaceholderLink reports whether a link destination is a word standing
// for an address the model fills in ("[Title](url)", "[page](page-link)")
// rather than a file: an output format shows it, nothing reads it.
func PlaceholderLink(dest string) bool { return placeholderLinkRE.MatchString(dest) }

var placeholderLinkRE = lazyre.New(`(?i)^(?:url|uri|link|href|path|target|address|here|[a-z0-9]+(?:[-_][a-z0-9]+)*[-_](?:url|uri|link|href|path))$`)
