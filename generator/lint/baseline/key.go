package baseline

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Key identifies a finding in a baseline.
type Key struct {
	Plugin  string `json:"plugin"`
	Path    string `json:"path"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
	Context string `json:"context,omitempty"`
}

// KeyOf is the key of a finding of rule in file path of plugin, with its
// message and the text of the line it is on (lineText "" for a finding
// about a whole file). display is how this run names the plugin's root
// ("dist/iflow"); it is taken out of the message, so the same finding
// linted from another directory has the same key.
func KeyOf(plugin, display, path, rule, message, lineText string) Key {
	if display != "" && display != "." {
		message = strings.ReplaceAll(message, display+"/", "")
	}
	return Key{Plugin: plugin, Path: path, Rule: rule, Message: NormalMessage(message), Context: Context(lineText)}
}

// NormalMessage writes every run of digits outside double quotes as N and
// collapses white space. Messages quote their subject ("agent \"a-1\" ..."),
// so a subject keeps its digits, while a line number ("opened on line 12")
// or a count, which move with edits elsewhere in the file, do not matter.
func NormalMessage(m string) string {
	var b strings.Builder
	quoted, escaped, digits := false, false, false
	for _, r := range strings.Join(strings.Fields(m), " ") {
		isDigit := r >= '0' && r <= '9'
		switch {
		case quoted:
			switch {
			case escaped:
				escaped = false
			case r == '\\':
				escaped = true
			case r == '"':
				quoted = false
			}
		case isDigit:
			if !digits {
				b.WriteByte('N')
			}
			digits = true
			continue
		case r == '"':
			quoted = true
		}
		digits = false
		b.WriteRune(r)
	}
	return b.String()
}

// Context is the hash of a line's text with its white space collapsed
// (indentation and trailing blanks do not matter), 16 hex digits; "" for
// an empty line or none.
func Context(line string) string {
	norm := strings.Join(strings.Fields(line), " ")
	if norm == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(norm))
	return hex.EncodeToString(sum[:8])
}

// less orders keys for the file: plugin, path, rule, message, context.
func (k Key) less(o Key) bool {
	switch {
	case k.Plugin != o.Plugin:
		return k.Plugin < o.Plugin
	case k.Path != o.Path:
		return k.Path < o.Path
	case k.Rule != o.Rule:
		return k.Rule < o.Rule
	case k.Message != o.Message:
		return k.Message < o.Message
	}
	return k.Context < o.Context
}
