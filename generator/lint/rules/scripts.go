package rules

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

var scriptKinds = kinds(snapshot.KindOther, snapshot.KindSkillFile)

// hasShebang reports whether f starts with "#!".
func hasShebang(f *snapshot.File) bool { return bytes.HasPrefix(f.Data, []byte("#!")) }

var scriptRules = []lint.Rule{
	{
		ID: "HK010", Alias: "script-crlf", Family: famHooks, Severity: lint.Error, Kinds: scriptKinds,
		Title: "script with Windows (CRLF) line endings",
		Doc: doc(`With CRLF endings the kernel reads the #! line as "bash\r" and fails with "bad
interpreter"; bash itself chokes on "\r" after keywords. Scripts must use LF.`,
			"#!/usr/bin/env bash\\r\\nset -e\\r\\n", "#!/usr/bin/env bash\\nset -e\\n"),
		Check: func(pass *lint.Pass) {
			f := pass.File
			if !facts.IsShellScript(f) && !hasShebang(f) {
				return
			}
			if i := bytes.Index(f.Data, []byte("\r\n")); i >= 0 {
				pass.Reportf(f.At(i), "convert the file to LF line endings (and add *.sh text eol=lf to .gitattributes)",
					"script %q has CRLF line endings", f.Path)
			}
		},
	},
	{
		ID: "HK011", Alias: "script-syntax", Family: famHooks, Severity: lint.Error, Kinds: scriptKinds,
		Title: "shell script that does not parse",
		Doc: doc(`A hook or helper script with a syntax error fails at run time, often only on the
branch that hits it. plugforge parses every .sh/.bash file and every file whose #! names
sh or bash (with mvdan.cc/sh, without running it).`,
			"#!/usr/bin/env bash\nif [ -f x ]; then\n  echo hi\n", "#!/usr/bin/env bash\nif [ -f x ]; then\n  echo hi\nfi"),
		Requires: []lint.Analyzer{facts.Shell},
		Check: func(pass *lint.Pass) {
			f := pass.File
			if sh := facts.Shell.Of(pass, f); sh != nil && sh.Err != nil {
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
		},
	},
}
