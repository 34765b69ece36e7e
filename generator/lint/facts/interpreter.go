package facts

import (
	"bytes"
	"github.com/plugforge/plugforge/generator/lazyre"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// RunByInterpreter reports whether every place of the plugin that runs
// the script f names an interpreter before it ("python3 scripts/x.py",
// "node ${CLAUDE_PLUGIN_ROOT}/x.js"), and there is at least one such
// place: the prompts and hook commands the model reads (ToldToRead's
// files plus hooks files and the manifest). Then the script's #! line is
// never read, and what only the kernel trips over (a carriage return
// after the interpreter's name) does not happen. A shell script is not
// judged here: bash itself trips over CRLF, however it is started.
//
// A place that only names the script is neither: a comment or sentence
// about it ("# keep in sync with tool.py", "tool.py has unit tests")
// runs nothing. Only a name in a run position counts as running it
// directly: first on its line or after a command separator, a quote or
// backtick that opens a command, a "command:" key, or a verb that runs
// it ("run", "execute"). When in doubt it counts, so a script some text
// may run directly is still reported.
func RunByInterpreter(p *snapshot.Plugin, read map[*snapshot.File]bool, f *snapshot.File) bool {
	base := []byte(f.Base())
	seen := false
	for _, g := range p.Files {
		if g == f || !g.Readable() || !(read[g] || g.Kind == snapshot.KindHooks || g.Kind == snapshot.KindManifest) {
			continue
		}
		d := g.Data
		for off := 0; ; {
			i := bytes.Index(d[off:], base)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(base)
			if off < len(d) && (isNameByte(d[off]) || d[off] == '.' && off+1 < len(d) && isNameByte(d[off+1])) {
				continue // a longer name that starts the same way
			}
			ls := bytes.LastIndexByte(d[:at], '\n') + 1
			// the word that starts the path: back to a blank, quote or backtick
			ws := at
			for ws > ls && !bytes.ContainsRune([]byte(" \t\"'`("), rune(d[ws-1])) {
				ws--
			}
			switch {
			case interpreterRE.Match(d[ls:ws]):
				seen = true
			case runPosition(d[ls:ws]):
				return false // run directly
			}
		}
	}
	return seen
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// runPosition reports whether a script's name that follows before on its
// line (with no interpreter in front) is where a command starts.
func runPosition(before []byte) bool {
	b := bytes.TrimRight(before, " \t\"'")
	if len(b) == 0 || bytes.IndexByte([]byte("`$;&|(!:=>{["), b[len(b)-1]) >= 0 {
		return true
	}
	return runVerbRE.Match(b)
}

// runVerbRE: the words before a script's name tell the reader to run it.
var runVerbRE = lazyre.New(`(?i)(?:^|\W)(?:run|runs|running|execute|executes|executing|exec|call|calls|invoke|invokes|launch|launches|start|starts|sudo|then|do|and|or|with|via|using|use|-c|-x)$`)

// interpreterRE: the text before a script's path ends with an interpreter
// (and its options) that reads the script itself.
var interpreterRE = lazyre.New(`(?:^|[\s"'` + "`" + `(;&|])(?:python3?(?:\.\d+)?|uv run(?: python3?)?|node|bun(?: run)?|deno run|tsx|ruby|perl|php)(?:\s+-[A-Za-z]+)*\s+["']?$`)
