package harness

import "strings"

// seen reports whether every text of m.Seen appears somewhere in the
// conversation r carries, system prompt included. A turn that needs its
// order checked ("the Stop hook's reason comes after the notification")
// says so with it: contains only sees the last user message.
func (m *Match) seen(r *Request) bool {
	if len(m.Seen) == 0 {
		return true
	}
	all := r.Conversation() + r.SystemText()
	for _, s := range m.Seen {
		if !strings.Contains(all, s) {
			return false
		}
	}
	return true
}
