package formrec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/harness"
)

// shown is one text the main thread was shown: a tool's result or a
// notification.
type shown struct {
	source  string // tool name, or Notification
	isError bool
	text    string
}

var notificationRe = regexp.MustCompile(`(?s)<task-notification>.*?</task-notification>`)

// lastMain is the main thread's last request: it carries the whole
// conversation.
func lastMain(ex []*harness.Exchange) *harness.Request {
	var last *harness.Request
	for _, e := range ex {
		if e.Actor == harness.Main && e.Parsed() != nil {
			last = e.Parsed()
		}
	}
	return last
}

// mainThread lists, in order, what the conversation holds: every tool
// result (named by the call it answers) and every <task-notification>.
func mainThread(last *harness.Request) []shown {
	if last == nil {
		return nil
	}
	names := map[string]string{} // tool_use id → tool
	var out []shown
	for _, m := range last.Messages {
		for _, b := range harness.ContentBlocks(m.Content) {
			switch {
			case b.Type == "tool_use":
				names[b.ID] = b.Name
			case b.Type == "tool_result" && m.Role == "user":
				out = append(out, shown{names[b.ToolUseID], b.IsError, strings.TrimSpace(harness.BlocksText(harness.ContentBlocks(b.Content)))})
			// A notification that arrives while the main thread is in a
			// tool loop comes as a role "system" message, not a user one
			// (2.1.330, recorded in the stopped probe).
			case b.Type == "text" && m.Role != "assistant":
				for _, n := range notificationRe.FindAllString(b.Text, -1) {
					out = append(out, shown{Notification, false, n})
				}
			}
		}
	}
	return out
}

// capture finds c among what was shown.
func capture(c Capture, seen []shown) (shown, error) {
	n := 0
	for _, s := range seen {
		if s.source == c.Source {
			n++
			if n == c.N {
				return s, nil
			}
		}
	}
	var got []string
	for _, s := range seen {
		got = append(got, fmt.Sprintf("%s: %.120q", s.source, s.text))
	}
	return shown{}, fmt.Errorf("no %s %d (%s) in the main thread; it was shown %d texts:\n  %s",
		c.Source, c.N, c.Form, len(seen), strings.Join(got, "\n  "))
}

// askedAfterEndTurn reports a main thread that ended a turn and was asked
// again: the CLI kept the run open for a background agent.
func askedAfterEndTurn(ex []*harness.Exchange) bool {
	ended := false
	for _, e := range ex {
		if e.Actor != harness.Main {
			continue
		}
		if ended {
			return true
		}
		ended = e.Stop == "end_turn"
	}
	return false
}

// stableStats are the subagent_stats counters a probe fixes; others
// differ from run to run (completed, when an agent's own background work
// outlives the run; killed.parent, when TaskStop lands before the agent's
// first request), and the notifications record those outcomes anyway.
var stableStats = regexp.MustCompile(`^(spawned|started_in_background|requested\..*|refused\..*)$`)

// flatStats flattens subagent_stats into dotted counters, zeros and
// unstable counters left out.
func flatStats(prefix string, m map[string]any, out map[string]int) {
	for k, v := range m {
		switch x := v.(type) {
		case float64:
			if x != 0 && stableStats.MatchString(prefix+k) {
				out[prefix+k] = int(x)
			}
		case map[string]any:
			flatStats(prefix+k+".", x, out)
		}
	}
}

// ends lists the subtype of every result message in print mode's
// stream-json output.
func ends(raw []byte) []string {
	var out []string
	for _, line := range bytes.Split(raw, []byte("\n")) {
		var m struct {
			Type    string `json:"type"`
			Subtype string `json:"subtype"`
		}
		if json.Unmarshal(line, &m) == nil && m.Type == "result" {
			out = append(out, m.Subtype)
		}
	}
	return out
}
