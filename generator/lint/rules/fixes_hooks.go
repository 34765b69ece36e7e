package rules

import (
	"encoding/json"
	"sort"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/facts"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// rootQuoteFixDoc is HK003's Doc.Fix.
const rootQuoteFixDoc = `wraps each unquoted placeholder in double quotes inside the JSON string:
the whole shell word when it is only the placeholder and plain path characters
("${CLAUDE_PLUGIN_ROOT}/hooks/check.sh" quoted as one word), else the placeholder alone
("${CLAUDE_PLUGIN_ROOT}"). A placeholder nested in another expansion is left to you.`

// rootVars are the placeholders HK003 wants quoted.
var rootVars = map[string]bool{"CLAUDE_PLUGIN_ROOT": true, "CLAUDE_PLUGIN_DATA": true, "CLAUDE_PROJECT_DIR": true}

// pathLit is a literal that means the same inside double quotes and
// outside: no globs, tilde, quotes, backslashes or expansions.
var pathLit = lazyre.New(`^[A-Za-z0-9/._+,:@%=-]*$`)

// rootQuoteFix quotes the unquoted placeholders of the shell-form command
// that is the JSON string at ptr in f (HK003). It returns nil when one of
// them is not a part of a plain word, or the string does not map back.
func rootQuoteFix(f *snapshot.File, ptr string, cmd facts.Command) *lint.Fix {
	if cmd.AST == nil {
		return nil
	}
	var cuts []int // offsets in cmd.Text where a double quote goes
	covered := map[*syntax.ParamExp]bool{}
	syntax.Walk(cmd.AST, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.ParamExp); ok {
			return false // a placeholder nested in another expansion is not a word's own
		}
		w, ok := n.(*syntax.Word)
		if !ok {
			return true
		}
		var targets []*syntax.ParamExp
		whole := true
		for _, p := range w.Parts {
			switch x := p.(type) {
			case *syntax.ParamExp:
				if x.Param != nil && rootVars[x.Param.Value] {
					targets = append(targets, x)
					continue
				}
				whole = false
			case *syntax.Lit:
				whole = whole && pathLit.MatchString(x.Value)
			default:
				whole = false
			}
		}
		for _, t := range targets {
			covered[t] = true
			if !whole {
				cuts = append(cuts, int(t.Pos().Offset()), int(t.End().Offset()))
			}
		}
		if whole && len(targets) > 0 {
			cuts = append(cuts, int(w.Pos().Offset()), int(w.End().Offset()))
		}
		return true
	})
	// Every placeholder HK003 reports (unquotedVars: not a direct part of
	// a double-quoted string) must be one the cuts quote.
	quoted := map[*syntax.ParamExp]bool{}
	missed := false
	syntax.Walk(cmd.AST, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.DblQuoted:
			for _, p := range x.Parts {
				if pe, ok := p.(*syntax.ParamExp); ok {
					quoted[pe] = true
				}
			}
		case *syntax.ParamExp:
			missed = missed || x.Param != nil && rootVars[x.Param.Value] && !quoted[x] && !covered[x]
		}
		return true
	})
	if missed || len(cuts) == 0 {
		return nil
	}
	raw, ok := jsonStringMap(f, ptr, cmd.Text)
	if !ok {
		return nil
	}
	sort.Ints(cuts)
	fix := &lint.Fix{Path: f.Path}
	for _, c := range cuts {
		at := raw[c]
		if n := len(fix.Edits); n > 0 && fix.Edits[n-1].Start == at {
			fix.Edits[n-1].New += `\"`
			continue
		}
		fix.Edits = append(fix.Edits, lint.Edit{Start: at, End: at, New: `\"`})
	}
	return fix
}

// jsonStringMap maps each byte offset of the decoded JSON string at ptr
// (which must decode to text) to the offset in f where its source starts;
// the entry for len(text) is the closing quote.
func jsonStringMap(f *snapshot.File, ptr, text string) ([]int, bool) {
	start := f.JSON().Offset(ptr)
	if start >= len(f.Data) || f.Data[start] != '"' {
		return nil, false
	}
	var out []int
	i := start + 1
	for i < len(f.Data) && f.Data[i] != '"' {
		n := 1 // decoded bytes of this source character or escape
		size := 1
		switch {
		case f.Data[i] == '\\' && i+1 < len(f.Data) && f.Data[i+1] == 'u':
			size = 6
			var s string
			if i+size <= len(f.Data) && json.Unmarshal([]byte(`"`+string(f.Data[i:i+size])+`"`), &s) == nil {
				n = len(s)
			}
			if i+12 <= len(f.Data) && string(f.Data[i+6:i+8]) == `\u` {
				var pair string // a surrogate pair is one character
				if json.Unmarshal([]byte(`"`+string(f.Data[i:i+12])+`"`), &pair) == nil && utf8.RuneCountInString(pair) == 1 {
					size, n = 12, len(pair)
				}
			}
		case f.Data[i] == '\\':
			size = 2
		default:
			_, size = utf8.DecodeRune(f.Data[i:])
			n = size
		}
		for k := 0; k < n; k++ {
			out = append(out, i)
		}
		i += size
	}
	if i >= len(f.Data) {
		return nil, false
	}
	out = append(out, i)
	var back string
	if json.Unmarshal(f.Data[start:i+1], &back) != nil || back != text || len(out) != len(text)+1 || strings.ContainsRune(text, utf8.RuneError) {
		return nil, false
	}
	return out, true
}
