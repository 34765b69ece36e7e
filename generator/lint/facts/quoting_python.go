package facts

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// pythonProgram returns the program text of python -c 'PROG' or of
// python - <<'EOF' (a here-document the shell does not expand). A program
// that the shell expands can hold outside text as code, and a program file
// is not read here: both answer false.
func pythonProgram(args []*syntax.Word, redirs []*syntax.Redirect) (string, bool) {
	for i, a := range args {
		if a.Lit() == "-c" && i+1 < len(args) {
			return LiteralWord(args[i+1])
		}
		if a.Lit() == "-" || !strings.HasPrefix(a.Lit(), "-") {
			break // the program comes from stdin or names a file
		}
	}
	if len(args) > 0 && args[0].Lit() != "-" && !strings.HasPrefix(args[0].Lit(), "-") {
		return "", false
	}
	var prog *syntax.Word // the last redirection of stdin wins
	for _, r := range redirs {
		if r.N != nil && r.N.Value != "0" {
			continue
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			prog = r.Hdoc
		case syntax.RdrIn, syntax.WordHdoc, syntax.DplIn, syntax.RdrInOut:
			prog = nil
		}
	}
	if prog == nil {
		return "", false
	}
	return LiteralWord(prog)
}

var (
	// pyStdoutRE: ways other than print to reach stdout, or to run a
	// command whose output lands there.
	pyStdoutRE    = regexp.MustCompile(`stdout|subprocess|\bsystem\(|popen|\bexec|spawn|\beval\(|__import__|builtins|os\.write|/dev/fd|pprint|\binput\(|fdopen|\bpty\b|dup2`)
	pyPrintWordRE = regexp.MustCompile(`(^|[^A-Za-z0-9_.])print\b`)
	pyPrintRE     = regexp.MustCompile(`(^|[^A-Za-z0-9_.])print\(`)
	pyForRE       = regexp.MustCompile(`(?m)^\s*for\s+([A-Za-z_][A-Za-z0-9_, ()]*?)\s+in\s+`)
	pyQuoteRE     = regexp.MustCompile(`^(shlex\.quote|pipes\.quote|quote)\($`)
	pyIdentRE     = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	pyLiteralRE   = regexp.MustCompile(`^[\s\[\](){},:]*$`)
)

// PythonPrintsQuoted reports whether a python program prints only
// assignments of shlex.quote'd values: every print() is to stderr or has
// one argument, an f-string or a + of strings, whose template is
// NAME={shlex.quote(…)} words (AssignmentTemplate), and nothing else writes
// to stdout. A {name} on the left of "=" must be a for-loop variable over a
// literal list, or a literal dict's items.
func PythonPrintsQuoted(prog string) bool {
	if pyStdoutRE.MatchString(prog) || len(pyPrintWordRE.FindAllStringIndex(prog, -1)) != len(pyPrintRE.FindAllStringIndex(prog, -1)) {
		return false // another writer, or print under another name (p = print)
	}
	safeNames := pyLoopNames(prog)
	prints := 0
	for _, loc := range pyPrintRE.FindAllStringIndex(prog, -1) {
		open := loc[1] - 1
		end := pyMatch(prog, open)
		if end < 0 {
			return false
		}
		args := pySplitArgs(prog[open+1 : end])
		if len(args) == 0 || pyToStderr(args) {
			continue // an empty line, or not on stdout
		}
		if len(args) != 1 {
			return false
		}
		tmpl, ok := pyTemplate(strings.TrimSpace(args[0]), safeNames)
		if !ok || !AssignmentTemplate(tmpl) {
			return false
		}
		prints++
	}
	return prints > 0
}

// pyToStderr reports a print(..., file=sys.stderr).
func pyToStderr(args []string) bool {
	for _, a := range args {
		if strings.ReplaceAll(a, " ", "") == "file=sys.stderr" {
			return true
		}
	}
	return false
}

// pyTemplate renders one print argument as an assignment template: an
// f-string, or string literals and quote calls joined by +.
func pyTemplate(arg string, safeNames map[string]bool) (string, bool) {
	var b strings.Builder
	for _, term := range pySplit(arg, '+') {
		term = strings.TrimSpace(term)
		switch {
		case len(term) > 2 && (term[0] == 'f' || term[0] == 'F') && (term[1] == '\'' || term[1] == '"'):
			body, ok := pyStringBody(term[1:])
			if !ok || !pyFString(body, safeNames, &b) {
				return "", false
			}
		case len(term) > 1 && (term[0] == '\'' || term[0] == '"'):
			body, ok := pyStringBody(term)
			if !ok || strings.ContainsAny(body, "\\") {
				return "", false
			}
			b.WriteString(body)
		case pyQuoteCall(term):
			b.WriteByte(quotedMark)
		default:
			return "", false
		}
	}
	return b.String(), true
}

// pyFString renders an f-string body: {shlex.quote(…)} is a quoted value,
// {name} a loop name over a literal list; any other field (a raw value, a
// conversion such as !r or a format spec after the call) is not quoted.
func pyFString(body string, safeNames map[string]bool, b *strings.Builder) bool {
	for i := 0; i < len(body); i++ {
		switch {
		case strings.HasPrefix(body[i:], "{{") || strings.HasPrefix(body[i:], "}}"):
			return false // a literal brace is never part of an assignment
		case body[i] == '\\':
			if strings.HasPrefix(body[i:], `\n`) {
				b.WriteByte('\n')
				i++
				continue
			}
			return false
		case body[i] == '{':
			end := pyMatch(body, i)
			if end < 0 {
				return false
			}
			field := strings.TrimSpace(body[i+1 : end])
			switch {
			case pyQuoteCall(field):
				b.WriteByte(quotedMark)
			case safeNames[field]:
				b.WriteByte(nameMark)
			default:
				return false
			}
			i = end
		default:
			b.WriteByte(body[i])
		}
	}
	return true
}

// pyQuoteCall reports an expression that is exactly one shlex.quote(…) call.
func pyQuoteCall(expr string) bool {
	open := strings.IndexByte(expr, '(')
	return open > 0 && pyQuoteRE.MatchString(expr[:open+1]) && pyMatch(expr, open) == len(expr)-1
}

// pyLoopNames lists loop variables that only take the program's own
// literal text: for a, b in [("x", "Y"), …] or for k, v in D.items() where
// D is assigned once, to a literal of strings.
func pyLoopNames(prog string) map[string]bool {
	names := map[string]bool{}
	for _, m := range pyForRE.FindAllStringSubmatchIndex(prog, -1) {
		if !pyLiteralIter(prog, m[1]) {
			continue
		}
		for _, n := range strings.FieldsFunc(prog[m[2]:m[3]], func(r rune) bool { return r == ',' || r == ' ' || r == '(' || r == ')' }) {
			if pyIdentRE.MatchString(n) && !pyAssigned(prog, n) {
				names[n] = true
			}
		}
	}
	return names
}

// pyLiteralIter: the iterable (at offset at) is a literal written in the
// loop header, or a name (optionally .items(), .keys(), .values()) assigned
// exactly once, to a literal.
func pyLiteralIter(prog string, at int) bool {
	if strings.IndexByte("[({", prog[at]) >= 0 {
		end := pyMatch(prog, at)
		return end > 0 && pyLiteral(prog[at:end+1]) && strings.HasPrefix(strings.TrimSpace(prog[end+1:]), ":")
	}
	line, _, _ := strings.Cut(prog[at:], "\n")
	iter, ok := strings.CutSuffix(strings.TrimSpace(line), ":")
	if !ok {
		return false
	}
	iter = strings.TrimSpace(iter)
	for _, sfx := range []string{".items()", ".keys()", ".values()"} {
		iter = strings.TrimSuffix(iter, sfx)
	}
	if !pyIdentRE.MatchString(iter) {
		return false
	}
	asg := regexp.MustCompile(`(?m)^\s*`+iter+`\s*=\s*([\[({])`).FindAllStringSubmatchIndex(prog, -1)
	if len(asg) != 1 || pyAssignCount(prog, iter) != 1 {
		return false
	}
	end := pyMatch(prog, asg[0][2])
	return end > 0 && pyLiteral(prog[asg[0][2]:end+1])
}

// pyLiteral reports a bracketed literal made only of string literals.
func pyLiteral(lit string) bool {
	var rest strings.Builder
	for i := 0; i < len(lit); i++ {
		if lit[i] == '\'' || lit[i] == '"' {
			end := strings.IndexByte(lit[i+1:], lit[i])
			if end < 0 {
				return false
			}
			i += end + 1
			continue
		}
		if lit[i] == '#' { // a comment runs to the end of its line
			nl := strings.IndexByte(lit[i:], '\n')
			if nl < 0 {
				return false
			}
			i += nl
			continue
		}
		rest.WriteByte(lit[i])
	}
	return pyLiteralRE.MatchString(rest.String())
}
