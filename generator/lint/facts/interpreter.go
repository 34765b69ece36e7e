package facts

import (
	"bytes"
	"path"

	"github.com/plugforge/plugforge/generator/lazyre"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// ScriptRuns is how the plugin's text runs one of its scripts, by the
// way the file reaches whatever reads it. Each way was run on CRLF files
// with bash 5.2, Python 3 and Node (docs/real-plugins.md, "Shell
// judgements from sets F and G"):
//   - Kernel: run by its path ("${CLAUDE_PLUGIN_ROOT}/x.py", a hook's
//     "command"). The kernel reads the #! line, and a carriage return
//     after the interpreter's name fails: /usr/bin/env: 'python3\r'.
//   - Shell: "bash x", "sh x", "source x", ". x". The shell reads every
//     line, and "\r" after a keyword is a syntax error.
//   - Reader: "python3 x", "node x", "uv run x", …: an interpreter that
//     reads the file itself and accepts CRLF source; the #! line is a
//     comment to it.
type ScriptRuns struct {
	Kernel, Shell, Reader bool
}

// OnlyReader reports whether every run found is by an interpreter that
// reads CRLF, and there is at least one.
func (r ScriptRuns) OnlyReader() bool { return r.Reader && !r.Kernel && !r.Shell }

// HowRun finds every place of the plugin that runs the script f: the
// prompts and hook commands the model reads (ToldToRead's files plus
// hooks files, MCP configs and the manifest).
//
// A place that only names the script is no run: a comment or sentence
// about it ("# keep in sync with tool.py", "tool.py has unit tests").
// Only a name in a run position counts as a run by the kernel: first on
// its line or after a command separator, a quote or backtick that opens a
// command, a "command:" key, or a verb that runs it ("run", "execute").
// When the position is only such punctuation, the word must be a path
// the kernel can find: with a "/" in it, or a bare name of a file in the
// plugin's bin/ folder, which Claude Code puts on the Bash tool's PATH.
// A bare "tool.py" elsewhere is looked up on PATH and not found, whatever
// its line endings: a changelog's "- **`tool.py`** in references/" names
// the file. After a verb ("run tool.py") the model finds the path itself,
// so a bare name counts there. When in doubt it counts, so a script some
// text may run directly is still reported.
func HowRun(p *snapshot.Plugin, read map[*snapshot.File]bool, f *snapshot.File) ScriptRuns {
	var r ScriptRuns
	for _, g := range p.Files {
		if g == f || !g.Readable() || !(read[g] || g.Kind == snapshot.KindHooks || g.Kind == snapshot.KindManifest || g.Kind == snapshot.KindMCP) {
			continue
		}
		r = r.or(runsIn(g.Data, f))
	}
	return r
}

func (r ScriptRuns) or(o ScriptRuns) ScriptRuns {
	return ScriptRuns{r.Kernel || o.Kernel, r.Shell || o.Shell, r.Reader || o.Reader}
}

// runsIn is how one text runs the script f.
func runsIn(d []byte, f *snapshot.File) ScriptRuns {
	var r ScriptRuns
	base := []byte(f.Base())
	onPath := path.Dir(f.Path) == "bin"
	for off := 0; ; {
		i := bytes.Index(d[off:], base)
		if i < 0 {
			return r
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
		before := d[ls:ws]
		switch {
		case interpreterRE.Match(before):
			r.Reader = true
		case shellRunRE.Match(before):
			r.Shell = true
		default:
			run, byVerb := runPosition(before)
			if run && (byVerb || onPath || bytes.IndexByte(d[ws:off], '/') >= 0) {
				r.Kernel = true
			}
		}
	}
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// runPosition reports whether a script's name that follows before on its
// line (with no interpreter in front) is where a command starts, and
// whether a verb says so (rather than punctuation alone).
func runPosition(before []byte) (run, byVerb bool) {
	b := bytes.TrimRight(before, " \t\"'")
	if len(b) == 0 || bytes.IndexByte([]byte("`$;&|(!:=>{["), b[len(b)-1]) >= 0 {
		return true, false
	}
	if runVerbRE.Match(b) {
		return true, true
	}
	return false, false
}

// runVerbRE: the words before a script's name tell the reader to run it.
var runVerbRE = lazyre.New(`(?i)(?:^|\W)(?:run|runs|running|execute|executes|executing|exec|call|calls|invoke|invokes|launch|launches|start|starts|sudo|then|do|and|or|with|via|using|use|-c|-x)$`)

// interpreterRE: the text before a script's path ends with an interpreter
// (and its options) that reads the script itself.
var interpreterRE = lazyre.New(`(?:^|[\s"'` + "`" + `(;&|])(?:python3?(?:\.\d+)?|uv run(?: python3?)?|node|bun(?: run)?|deno run|tsx|ruby|perl|php)(?:\s+-[A-Za-z]+)*\s+["']?$`)

// shellRunRE: the text before a script's path ends with a shell that
// reads the file line by line (bash x, sh -e x, source x, . x).
var shellRunRE = lazyre.New(`(?:^|[\s"'` + "`" + `(;&|])(?:(?:ba|z|k|da)?sh(?:\s+-[A-Za-z]+)*|source|\.)\s+["']?$`)

// Runs reports whether anything of the plugin runs the script f: a place
// HowRun finds in a prompt, hook, MCP config or the manifest, or another
// script that such a place runs and that runs f in turn ("source lib.sh"
// in a hook's script). A script's own text counts only when the script is
// run: a helper the model is told of but nothing runs, whose
// "echo Test: ./scripts/check.sh" tells a person what to do, runs
// nothing. One step of scripts, not a chain.
func Runs(p *snapshot.Plugin, read map[*snapshot.File]bool, f *snapshot.File) bool {
	prompts := map[*snapshot.File]bool{}
	for g, ok := range read {
		if ok && !isScript(g) {
			prompts[g] = true
		}
	}
	if HowRun(p, prompts, f).any() {
		return true
	}
	for _, g := range p.Files {
		if g != f && g.Readable() && isScript(g) && runsIn(g.Data, f).any() && HowRun(p, prompts, g).any() {
			return true
		}
	}
	return false
}

// isScript reports whether g is a shell script or starts with a #! line.
func isScript(g *snapshot.File) bool {
	return IsShellScript(g) || g.Readable() && bytes.HasPrefix(g.Data, []byte("#!"))
}

func (r ScriptRuns) any() bool { return r.Kernel || r.Shell || r.Reader }
