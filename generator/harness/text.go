package harness

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// pair prints one exchange: the request's actor and last user message,
// and the scripted answer.
func pair(e *Exchange) string {
	if e == nil || e.req == nil {
		return ""
	}
	var ans []string
	for _, a := range e.Reply {
		if a.Tool != "" {
			ans = append(ans, fmt.Sprintf("tool %s %v", a.Tool, a.Input))
		} else {
			ans = append(ans, fmt.Sprintf("text %q", trim(a.Text, 200)))
		}
	}
	return summary(e) + "\nanswered: " + strings.Join(ans, "; ")
}

func firstOf(ex []*Exchange, actor string) *Exchange {
	for _, e := range ex {
		if e.Actor == actor {
			return e
		}
	}
	return nil
}

// lastOf describes the last request of actor, where a missing turn was due.
func lastOf(ex []*Exchange, actor string) string {
	for i := len(ex) - 1; i >= 0; i-- {
		if ex[i].Actor == actor {
			return pair(ex[i])
		}
	}
	return fmt.Sprintf("%s made no request", actor)
}

func trim(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		// Cut on a rune boundary: hook output is often not ASCII.
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		return s[:n] + "…"
	}
	return s
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func orAny(s string) string {
	if s == "" {
		return "tool"
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
