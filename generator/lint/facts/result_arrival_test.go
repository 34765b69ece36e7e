package facts

import "testing"

// Sentences in our own words, each the way a plugin might say (or not say)
// how a continued or background subagent's result reaches the model.
func TestResultArrival(t *testing.T) {
	for _, c := range []struct {
		text string
		line int
	}{
		{"Send it the fix.\nThe report arrives later as a <task-notification> for that id.", 2},
		{"Spawn the three reviewers.\nWait: completion notifications arrive automatically.", 2},
		{"You will get one notification per worker; re-check each one yourself.", 1},
		{"Its verdict comes back on a later turn, so end your turn and wait.", 1},
		{"The reviewer's findings arrive automatically\nas a new conversation turn.", 1},
		{"The results reach you as a completion notification in a later turn.", 1},
		{"When the drafter is done, receive its report via SendMessage from the drafter.", 1},
		{"派发后结束本轮，等它的完成通知再读报告。", 1},
		{"レビューを送ったらターンを終え、完了通知を待つ。", 1},
		{"用 SendMessage 发给同一个 agent，然后读它的回复。", 0},
		{"Send the message, then parse the reply returned in the tool result.", 0},
		{"Send the report via SendMessage to the drafter.", 0},
		{"As their final act, workers SendMessage their report to the lead.", 1},
		{"SendMessage the reviewer the report of the first round.", 0},
		{"Brief each worker to deliver its report via SendMessage to the lead when done.", 1},
		{"Setup.\nTell each worker to deliver its report\nvia SendMessage to the lead.", 2},
		{"SendMessage the worker and read its JSON answer.", 0},
		{"Start the two checkers in the background.\nThen wait for the completion notices.", 2},
		{"Show a notice when the build fails.", 0},
		{"Show a desktop notification when the build fails.", 0},
		{"Register a Notification hook for permission prompts.", 0},
	} {
		if got := resultArrivalLine(toLower([]byte(c.text))); got != c.line {
			t.Errorf("%q: line %d, want %d", c.text, got, c.line)
		}
	}
}
