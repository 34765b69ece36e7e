package facts

import (
	"bytes"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/plugforge/plugforge/generator/lazyre"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// The parts of ReadingAt that find text quoted rather than done: patterns
// to scan for, the old side of a conversion, another coding agent's text.

// scanLabelRE: a line that introduces patterns to look for in other text
// ("scan the skills for subagent_type patterns"), within one clause: a
// command described as "search the notes (use to check for patterns)" is
// not a list of patterns.
var scanLabelRE = lazyre.New(`(?i)\bdetection patterns?\b|\bpatterns? to (?:scan|search|look|grep) for\b|\b(?:scan|search|grep)\b[^.()]{0,80}\bfor\b[^.()]{0,60}\bpatterns?\b`)

// beforeLabelRE: the label of the old side of a conversion example.
var beforeLabelRE = lazyre.New(`(?i)^[*_#\s]*before\b[^.]*:?[*_\s]*$`)

// quotedAt reports whether off sits in text quoted to be found or
// converted: a line, or the lead-in of the list it is an item of, that
// speaks of patterns to scan for; or a fence whose label line says
// "Before (…):".
func quotedAt(f *snapshot.File, off, ls int, line []byte) bool {
	d := f.Data
	if scanLabelRE.Match(line) {
		return true
	}
	for _, fe := range f.Markdown().Fences {
		if off >= fe.ContentStart && off < fe.ContentEnd {
			return beforeLabelRE.Match(prevLine(d, fe.Offset))
		}
	}
	if !listItemRE.Match(line) {
		return false
	}
	// Walk up the list to its lead-in line (one blank line allowed).
	for p, blanks := ls, 0; p > 0; {
		prev := lineStartAt(d, p-1)
		l := bytes.TrimSpace(d[prev : p-1])
		switch {
		case len(l) == 0:
			if blanks++; blanks > 1 {
				return false
			}
		case listItemRE.Match(l) || bytes.HasPrefix(d[prev:p-1], []byte("  ")):
		default:
			return scanLabelRE.Match(l)
		}
		p = prev
	}
	return false
}

// listItemRE: a list item line.
var listItemRE = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s`)

// prevLine is the last non-blank line before the line starting at ls.
func prevLine(d []byte, ls int) []byte {
	for p := ls; p > 0; {
		prev := lineStartAt(d, p-1)
		if l := bytes.TrimSpace(d[prev : p-1]); len(l) > 0 {
			return l
		}
		p = prev
	}
	return nil
}

// otherAgentRE: a coding agent other than Claude Code, named as such.
var otherAgentRE = lazyre.New(`(?i)\b(?:pi|codex|gemini|cursor|windsurf|opencode|aider|copilot|cline|roo(?: code)?|kiro|goose|qwen(?: code)?|amp|crush|zed)(?: coding)? (?:agent|cli)\b|\b(?:codex|gemini cli|cursor|windsurf|opencode|aider|cline|kiro)(?:'s)? (?:slash )?commands\b`)

// otherAgentWords: every match of otherAgentRE holds one (hasFold).
var otherAgentWords = []string{" agent", " cli", " command"}

// otherToolAt reports whether the text at off speaks of another coding
// agent: its line, a heading it sits under (the nearest and each
// enclosing one), or, for a whole document on one, the description in its
// frontmatter.
func otherToolAt(f *snapshot.File, off int, line []byte) bool {
	// A plugin named for the agent it drives ("codex", "codex-bridge")
	// documents its own commands beside that agent's name: "/codex:review"
	// there is a Claude Code command.
	prefix := strings.ToLower(string(nameBefore(f.Data, off)))
	other := func(text []byte) bool {
		if !hasFold(text, otherAgentWords) {
			return false
		}
		m := otherAgentRE.Find(text)
		if m == nil {
			return false
		}
		agent := strings.ToLower(strings.Fields(string(m))[0])
		return prefix == "" || !strings.Contains(prefix, agent)
	}
	if other(line) {
		return true
	}
	level := 7
	hs := f.Markdown().Headings
	for i := len(hs) - 1; i >= 0; i-- {
		h := hs[i]
		if h.Offset > off || h.Level >= level {
			continue
		}
		if other([]byte(h.Text)) {
			return true
		}
		level = h.Level
	}
	if _, v := f.Frontmatter().Get("description"); v != nil && v.Kind == yaml.ScalarNode {
		return other([]byte(v.Value)) && !strings.Contains(v.Value, "Claude")
	}
	return false
}

// nameBefore is the "<plugin>" of a "<plugin>:<name>" at off, or nil when
// off is not at one.
func nameBefore(d []byte, off int) []byte {
	e := off
	for e < len(d) && (wordByte(d[e]) || d[e] == '-' || d[e] == '.') {
		e++
	}
	if e == off || e >= len(d) || d[e] != ':' {
		return nil
	}
	return d[off:e]
}
