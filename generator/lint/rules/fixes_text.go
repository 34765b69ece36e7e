package rules

import (
	"bytes"
	"path"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// The fixes of this file change bytes that are not the file's meaning:
// line endings, a byte order mark, a missing #! line, the execute bit.
// Each returns nil when no mechanical fix is safe; the rule then reports
// without one (reportWith).

// reportWith reports with fix when there is one, else plainly.
func reportWith(pass *lint.Pass, fix *lint.Fix, at snapshot.Loc, hint, format string, args ...any) {
	if fix == nil {
		pass.Reportf(at, hint, format, args...)
		return
	}
	pass.ReportFix(at, *fix, hint, format, args...)
}

// crlfFix drops the "\r" of every "\r\n" in f (HK010).
func crlfFix(f *snapshot.File) *lint.Fix {
	fix := &lint.Fix{Path: f.Path}
	for i := 0; ; {
		j := bytes.Index(f.Data[i:], []byte("\r\n"))
		if j < 0 {
			break
		}
		fix.Edits = append(fix.Edits, lint.Edit{Start: i + j, End: i + j + 1})
		i += j + 2
	}
	if len(fix.Edits) == 0 {
		return nil
	}
	return fix
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// bomFix drops a leading UTF-8 byte order mark (SC011).
func bomFix(f *snapshot.File) *lint.Fix {
	if !bytes.HasPrefix(f.Data, utf8BOM) {
		return nil
	}
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: 0, End: len(utf8BOM)}}}
}

// leadingFix drops what hides a frontmatter block from Claude Code: a byte
// order mark and blank space before the first "---" (FM003). Only those:
// the snapshot marks a block hidden only when nothing else precedes it.
func leadingFix(f *snapshot.File) *lint.Fix {
	i := 0
	if bytes.HasPrefix(f.Data, utf8BOM) {
		i = len(utf8BOM)
	}
	for i < len(f.Data) && bytes.IndexByte([]byte(" \t\r\n"), f.Data[i]) >= 0 {
		i++
	}
	if i == 0 || !bytes.HasPrefix(f.Data[i:], []byte("---")) {
		return nil
	}
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: 0, End: i}}}
}

// interpreters maps a script's extension to the #! line a fix adds. Only
// extensions that name one interpreter unambiguously are here; .sh and
// .bash get bash, the shell HK011 parses them as.
var interpreters = map[string]string{
	".sh": "#!/usr/bin/env bash", ".bash": "#!/usr/bin/env bash",
	".py": "#!/usr/bin/env python3", ".js": "#!/usr/bin/env node", ".mjs": "#!/usr/bin/env node",
	".cjs": "#!/usr/bin/env node", ".rb": "#!/usr/bin/env ruby", ".pl": "#!/usr/bin/env perl",
}

// shebangFixDoc is HK009's Doc.Fix, beside the table it describes.
const shebangFixDoc = `adds a first line naming the interpreter by the script's extension:
"#!/usr/bin/env bash" for .sh and .bash, python3 for .py, node for .js/.mjs/.cjs, ruby for .rb,
perl for .pl. Other scripts, and scripts starting with a byte order mark, are left to you.`

// shebangFix inserts a #! line chosen by the script's extension (HK009).
// The line ends in LF even in a CRLF file: "bash\r" is no interpreter
// (HK010 reports, and fixes, the rest of such a file).
func shebangFix(f *snapshot.File) *lint.Fix {
	line, ok := interpreters[path.Ext(f.Path)]
	if !ok || bytes.HasPrefix(f.Data, utf8BOM) {
		return nil
	}
	return &lint.Fix{Path: f.Path, Edits: []lint.Edit{{Start: 0, End: 0, New: line + "\n"}}}
}

// execFix sets the execute bit wherever the read bit is set, as
// "chmod +x" does under the usual umask (HK008); a file nobody may read
// gets it for its owner only.
func execFix(f *snapshot.File) *lint.Fix {
	perm := f.Mode.Perm()
	x := (perm & 0o444) >> 2
	if x == 0 {
		x = 0o100
	}
	return &lint.Fix{Path: f.Path, Mode: perm | x}
}
