package facts

import (
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint"
)

// TestReferenceOfPresented: a bare "<plugin>:<name>" is a name only where
// a component or call word is attached to it, or its list or table says
// what it holds. Each case is one line of a skill; tok is judged at its
// first occurrence.
func TestReferenceOfPresented(t *testing.T) {
	for _, c := range []struct {
		name, body, tok string
		want            NameKind
	}{
		{"skill word after", "Load the kit:style skill first.\n", "kit:style", NameLiteral},
		{"call verb before", "Then invoke kit:style on the draft.\n", "kit:style", NameLiteral},
		{"call syntax", "Call Skill(\"kit:style\") before writing.\n", "kit:style", NameLiteral},
		{"tool and parenthesis", "| `Task tool (kit:scout)` | a scout |\n", "kit:scout", NameLiteral},
		{"coordinated with a plain name", "Powered by the `kit:video` and `motion-tips` skills.\n", "kit:video", NameLiteral},
		{"hand off", "When done, hand off to kit:review.\n", "kit:review", NameLiteral},
		{"use, nothing else typed", "Use kit:fast instead of this skill for one-line fixes.\n", "kit:fast", NameLiteral},
		{"near a skill word, not attached", "This skill keeps records; each has kit:card as its kind.\n", "kit:card", NameValue},
		{"event word after", "Listen for the kit:ready event.\n", "kit:ready", NameValue},
		{"event word before", "It fires lifecycle events (kit:ready) as it goes.\n", "kit:ready", NameValue},
		{"markers after a pair", "Write between kit:open/kit:close markers.\n", "kit:open", NameValue},
		{"second of the pair", "Write between kit:open/kit:close markers.\n", "kit:close", NameValue},
		{"listener call", "Call `addEventListener('kit:ready', go)` once.\n", "kit:ready", NameValue},
		{"use, typed as an event elsewhere", "Use kit:ready to start again.\n\nThe kit:ready event fires last.\n", "kit:ready", NameValue},
		{"table typed by header", "| Event | When |\n|---|---|\n| `kit:ready` | last |\n", "kit:ready", NameValue},
		{"table of agents", "| Agent | Role |\n|---|---|\n| `kit:scout` | looks |\n", "kit:scout", NameLiteral},
		{"list under a skills lead-in", "**Required skills:**\n- **kit:setup** - prepares the tree\n", "kit:setup", NameLiteral},
		{"list under an events heading", "## Lifecycle events (in order)\n\n- `kit:ready` - last\n", "kit:ready", NameValue},
		{"caller note", "Use this skill when `kit:captain` needs a tagged build.\n", "kit:captain", NameMention},
		{"invoked by", "Invoked by kit:captain at the end.\n", "kit:captain", NameMention},
		{"called automatically by", "This command is called automatically by `/kit:captain` after review.\n", "kit:captain", NameMention},
		{"returns to", "**Returns to**: `/kit:captain` formats the report\n", "kit:captain", NameMention},
		{"coordinated callers", "**Used by**: `/kit:mate`, `/kit:captain`\n", "kit:captain", NameMention},
		{"run is not a caller", "Then run `/kit:captain`, `/kit:mate`.\n", "kit:mate", NameLiteral},
		{"caller, not this component", "Use kit:captain when it needs a tagged build.\n", "kit:captain", NameLiteral},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := plugin(map[string]string{"skills/s/SKILL.md": "---\nname: s\ndescription: d\n---\n" + c.body})
			f := p.File("skills/s/SKILL.md")
			ex := Examples.Of(lint.Unchecked(p), f)
			off := at(t, f, c.tok, 0)
			if got := ReferenceOf(f, ex, off, off+len(c.tok)); got != c.want {
				t.Errorf("ReferenceOf(%q) in %q = %v, want %v", c.tok, c.body, got, c.want)
			}
		})
	}
}

// TestSlashCommandAt: a slash starts a slash command only where it starts
// a word; "kit:open/kit:close" joins two tokens.
func TestSlashCommandAt(t *testing.T) {
	for s, want := range map[string]bool{"/kit:x": true, "run /kit:x": true, "`/kit:x`": true, "a/kit:x": false, "kit:open/kit:x": false} {
		d := []byte(s)
		if got := SlashCommandAt(d, strings.LastIndex(s, "kit:x")); got != want {
			t.Errorf("SlashCommandAt(%q) = %v, want %v", s, got, want)
		}
	}
}
