package rules

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// hooksScriptRules check the scripts hooks run: that they exist, are
// executable, name their interpreter, use LF and parse.
func hooksScriptRules() []lint.Rule {
	return []lint.Rule{
		{
			ID: "HK007", Alias: "hook-script-missing", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
			Title: "hook command that runs a plugin file that does not exist, or a directory",
			Doc: lint.Doc{Why: `A hook running "${CLAUDE_PLUGIN_ROOT}/hooks/x.sh" fails every time when the file is
not shipped (a typo, a rename, a file left out of the build), or when the path names a
directory (the shell answers "Is a directory", exit 126; 2.1.330's own check of a hook's
exec-form file says it "must name a script file, not a directory"). A directory given to
anything but the program or an interpreter's script position ("cd \"${CLAUDE_PLUGIN_ROOT}/hooks\"
&& bun install", ls, cp -r) is one by design: not reported. "claude plugin validate" does not
look at command paths.`,
				Bad:         `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/chek.sh\""`,
				Good:        `"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\""`,
				Consequence: "The hook fails every time it fires: the script is not there.",
				Checked:     "2.1.328"},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, s := range facts.Hooks.Of(pass, pass.File).Scripts() {
					if escapes(s.Rel) {
						continue
					}
					switch f := pass.Plugin.File(s.Rel); {
					case s.Rel == "." || f != nil && f.IsDir():
						if !s.Runs {
							continue // cd "${CLAUDE_PLUGIN_ROOT}/hooks": a directory by design
						}
						pass.Reportf(jsonLoc(pass.File, s.Handler.Ptr+"/command"), "name the script inside the directory",
							"hook command runs %q, which is a directory, not a script", s.Rel)
					case f == nil:
						pass.Reportf(jsonLoc(pass.File, s.Handler.Ptr+"/command"), "fix the path or add the file",
							"hook command runs %q, which the plugin does not ship", s.Rel)
					}
				}
			},
		},
		{
			ID: "HK008", Alias: "hook-script-not-executable", Family: famHooks, Severity: lint.Error, Kinds: hookKinds,
			Title: "hook script run directly but not executable",
			Doc: lint.Doc{Why: `A script run as a program ("${CLAUDE_PLUGIN_ROOT}/hooks/x.sh") needs the execute
bit, or the hook fails with "permission denied". Either chmod +x it (and commit the mode), or
run it through its interpreter ("bash \"${CLAUDE_PLUGIN_ROOT}/hooks/x.sh\"").`,
				Bad:         "-rw-r--r-- hooks/check.sh   run as \"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh\"",
				Good:        "-rwxr-xr-x hooks/check.sh",
				Fix:         "sets the execute bit of the script wherever its read bit is set (chmod +x); commit the mode.",
				Checked:     "2.1.328",
				Consequence: "The hook fails every time it fires: permission denied."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, s := range facts.Hooks.Of(pass, pass.File).Scripts() {
					if f := pass.Plugin.File(s.Rel); s.Direct && f != nil && f.IsRegular() && f.Mode&0o111 == 0 {
						pass.ReportFix(jsonLoc(pass.File, s.Handler.Ptr+"/command"), *execFix(f), "chmod +x the script, or run it through its interpreter",
							"hook runs %q directly but it is not executable", s.Rel)
					}
				}
			},
		},
		{
			ID: "HK009", Alias: "hook-script-shebang", Family: famHooks, Severity: lint.Warning, Kinds: hookKinds,
			Title: "hook script run directly without a #! line",
			Doc: lint.Doc{Why: `A script run as a program needs a "#!" line to name its interpreter; without one
the result depends on the calling shell (and fails outright from a non-shell parent).`,
				Bad:         "hooks/check.sh:\nset -e\n...",
				Good:        "hooks/check.sh:\n#!/usr/bin/env bash\nset -e\n...",
				Fix:         shebangFixDoc,
				Checked:     "2.1.328",
				Consequence: "The kernel cannot tell how to run the script; it likely fails."},
			Requires: []lint.Analyzer{facts.Hooks},
			Check: func(pass *lint.Pass) {
				for _, s := range facts.Hooks.Of(pass, pass.File).Scripts() {
					if f := pass.Plugin.File(s.Rel); s.Direct && f != nil && f.Readable() && !bytes.HasPrefix(f.Data, []byte("#!")) {
						reportWith(pass, shebangFix(f), f.Line(1), "add a first line such as #!/usr/bin/env bash",
							"hook script %q has no #! line", s.Rel)
					}
				}
			},
		},
		{
			ID: "HK010", Alias: "script-crlf", Family: famHooks, Severity: lint.Error, Scope: lint.Loaded, Kinds: scriptKinds,
			Title: "script with Windows (CRLF) line endings",
			Doc: lint.Doc{Why: `With CRLF endings the kernel reads the #! line as "bash\r" and fails
("/usr/bin/env: 'python3\r': No such file or directory"), and bash or sh reading the file
("bash x.sh", "source x.sh") chokes on "\r" after keywords. Scripts must use LF. What
matters is how the plugin runs the file (facts.HowRun): a shell script is reported however
it is started; a script in another language is not reported when every prompt and hook that
runs it goes through an interpreter that reads CRLF source ("python3 scripts/x.py", "node
x.js", "uv run x.py"), as its #! line is then never read. A comment or sentence that only
names the script runs nothing, and neither does a bare name outside bin/ in a position that
only punctuation makes a command (a changelog's list item naming x.py in a code span): the
shell looks a bare name up on PATH, where only the plugin's bin/ folder is.`,
				Bad:         "#!/usr/bin/env bash\\r\\nset -e\\r\\n",
				Good:        "#!/usr/bin/env bash\\nset -e\\n",
				Fix:         `converts every CRLF line ending of the script to LF.`,
				Checked:     "2.1.328",
				Consequence: "The #! line ends in a carriage return, so the interpreter is not found and the script fails every time."},
			Requires: []lint.Analyzer{facts.ToldToRead},
			Check: func(pass *lint.Pass) {
				f := pass.File
				if !facts.IsShellScript(f) && !hasShebang(f) {
					return
				}
				i := bytes.Index(f.Data, []byte("\r\n"))
				if i < 0 || !facts.IsShellScript(f) && facts.HowRun(pass.Plugin, facts.ToldToRead.Of(pass), f).OnlyReader() {
					return // LF, or "python3 scripts/x.py": the #! line is never read
				}
				reportWith(pass, crlfFix(f), f.At(i), "convert the file to LF line endings (and add *.sh text eol=lf to .gitattributes)",
					"script %q has CRLF line endings", f.Path)
			},
		},
		{
			ID: "HK011", Alias: "script-syntax", Family: famHooks, Severity: lint.Error, Scope: lint.Loaded, Kinds: scriptKinds,
			Title: "shell script that does not parse",
			Doc: lint.Doc{Why: `A hook or helper script with a syntax error fails at run time, often only on the
branch that hits it. plugforge parses every file whose #! names sh or bash, and every
.sh/.bash file without a #! line (with mvdan.cc/sh, without running it). The #! line wins
over the extension, as it does when the script is run: a .sh file starting
"#!/usr/bin/env python3" is a python script and is not parsed as shell. Only a script something
in the plugin runs (facts.Runs: a hook, a command, the text the model is told to read, or a
script one of those runs) is an error here; one nothing runs is script-syntax-unrun's warning.`,
				Bad:         "#!/usr/bin/env bash\nif [ -f x ]; then\n  echo hi\n",
				Good:        "#!/usr/bin/env bash\nif [ -f x ]; then\n  echo hi\nfi",
				Consequence: "The script fails when it runs.",
				Checked:     "2.1.330"},
			Requires: []lint.Analyzer{facts.Shell, facts.ToldToRead},
			Check:    func(pass *lint.Pass) { reportSyntax(pass, true) },
		},
		{
			ID: "HK021", Alias: "script-syntax-unrun", Family: famHooks, Severity: lint.Warning, Scope: lint.Loaded, Kinds: scriptKinds,
			Title: "shell script that does not parse, which nothing in the plugin runs",
			Doc: lint.Doc{Why: `script-syntax reports a script that does not parse where a hook, a command or
the text the model is told to read runs it (facts.Runs: a run position, "bash x", "python3
x", or a script such a place runs). A script nothing runs fails nowhere: 2.1.330 loads the
plugin and its commands and skills as if it were not there (a recorded run). It is still
broken, and whoever runs it by hand meets the error, so this rule says so as a warning.`,
				Bad:         "#!/usr/bin/env bash\nfor f in *.yml 2>/dev/null; do echo $f; done\n",
				Good:        "#!/usr/bin/env bash\nfor f in *.yml; do echo \"$f\"; done\n",
				Consequence: "Nothing in the plugin runs the script, so nothing fails while Claude Code works: a warning, not an error.",
				Checked:     "2.1.330"},
			Requires: []lint.Analyzer{facts.Shell, facts.ToldToRead},
			Check:    func(pass *lint.Pass) { reportSyntax(pass, false) },
		},
	}
}

var scriptKinds = kinds(snapshot.KindOther, snapshot.KindSkillFile)

// reportSyntax reports the shell parse error of the pass's file, if any,
// at its line and column, when facts.Runs of the file equals run.
// Runs scans the whole plugin, so it is asked only of a file that fails
// to parse, not of every script twice.
func reportSyntax(pass *lint.Pass, run bool) {
	f := pass.File
	sh := facts.Shell.Of(pass, f)
	if sh == nil || sh.Err == nil || facts.Runs(pass.Plugin, facts.ToldToRead.Of(pass), f) != run {
		return
	}
	err := sh.Err
	at := f.Line(1)
	msg := err.Error()
	switch pe := err.(type) {
	case syntax.ParseError:
		at, msg = f.LineCol(int(pe.Pos.Line()), int(pe.Pos.Col())), pe.Text
	case syntax.LangError:
		at = f.LineCol(int(pe.Pos.Line()), int(pe.Pos.Col()))
	}
	pass.Reportf(at, "fix the shell syntax", "script %q does not parse: %s", f.Path, strings.TrimSpace(msg))
}

// hasShebang reports whether f starts with "#!".
func hasShebang(f *snapshot.File) bool { return bytes.HasPrefix(f.Data, []byte("#!")) }
