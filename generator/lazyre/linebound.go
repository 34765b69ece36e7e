package lazyre

import "regexp/syntax"

// lineBound is RE.LineBound for a source pattern.
func lineBound(expr string) bool {
	re, err := syntax.Parse(expr, syntax.Perl) // the flags regexp.Compile uses
	if err != nil {
		return false
	}
	return noNewline(re.Simplify())
}

func noNewline(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpAnyChar:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r == '\n' {
				return false
			}
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= '\n' && '\n' <= re.Rune[i+1] {
				return false
			}
		}
	}
	for _, s := range re.Sub {
		if !noNewline(s) {
			return false
		}
	}
	return true
}
