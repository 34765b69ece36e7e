package facts

import (
	"github.com/plugforge/plugforge/generator/lazyre"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// ResultArrival is the first line (1-based; 0 for none) where a file says
// how a subagent's result reaches the model when it does not come back in
// the tool result: as a notification (Claude Code's <task-notification>, "a
// completion notification", "you'll get one notification per worker"), as a
// message the agent sends ("receive its report via SendMessage from the
// worker"), or arriving later, on a later turn, when the agent finishes, or
// automatically. DP019 asks it instead of looking for one word: a file
// that says "completion notifications arrive automatically" has told the
// model the protocol as surely as one that names the tag.
//
// What does not count: a file that says the reply is in the tool result
// (that is the misreading DP019 exists to prevent, not a statement of the
// protocol), and a notification that is not about an agent's work (an OS
// notification, a hook event named Notification).
var ResultArrival = lint.NewFileAnalysis("result-arrival",
	"the first line where the file says how a subagent's result arrives (a notification, later, on a later turn)",
	[]lint.Analyzer{LowerText}, func(in *lint.Input, f *snapshot.File) int {
		return resultArrivalLine(LowerText.Of(in, f))
	})

// arrivalNotice is a notification that carries an agent's work: the tag, a
// completion or task notification (or notice: "wait for the completion
// notices"), or one "per"/"from"/"for" an agent.
//
// Plugins are written in other languages too; the phrase for a completion
// notification in Chinese (完成通知), Japanese (完了通知) and Korean (완료 알림)
// counts the same.
var arrivalNotice = lazyre.New(`完成通知|完了通知|완료 ?알림|task-notification|<task-notification|(completion|task|agent|subagent|worker|background) (notifications?|notices?)\b|(notifications?|notices?) (per|from|for|when) (each |the |every |a |an )?(agent|subagent|worker|teammate|reviewer|task|dispatch)|notified when`)

// arrivalLater is a result, report or reply that arrives or comes back at a
// later time, rather than in the call's own result.
var arrivalLater = lazyre.New(`\b(results?|reports?|repl(y|ies)|responses?|outputs?|verdicts?|findings|answers?)\b[^.;:]{0,60}\b(arrives?|arriving|comes? back|reach(es)?|(is|are) delivered|lands?)\b[^.;]{0,60}\b(later|next turn|later turn|new (conversation )?turns?|automatically|as (a|an|the) [a-z-]*\s?notification|when (it|the [a-z-]+|they) (finishes|completes|is done|are done|returns?))`)

// arrivalMessage is a report the file says it receives as a message from
// the agent ("receive the phase report via SendMessage from the driver"),
// or that the agents send to the orchestrator with SendMessage ("workers
// SendMessage their report to the lead as their final act").
var arrivalMessage = lazyre.New(`\b(receive|get|collect|await|wait for)s?\b[^.;]{0,50}\b(results?|reports?|repl(y|ies)|responses?|outputs?|verdicts?|findings)\b[^.;]{0,50}\bvia ` + "`?" + `sendmessage` + "`?" + ` from\b`)

var (
	arrivalReport = lazyre.New(`\b(results?|reports?|findings|verdicts?|summary)\b`)
	arrivalToLead = lazyre.New(`\bto (the )?(lead|orchestrator|main|caller|parent|coordinator)\b`)
)

// reportSentToLead reports whether a line says the agents send their report
// to the orchestrator with SendMessage, in either order ("workers
// SendMessage their report to the lead", "deliver the report via an
// explicit SendMessage to the lead").
func reportSentToLead(l string) bool {
	return strings.Contains(l, "sendmessage") && arrivalReport.MatchString(l) && arrivalToLead.MatchString(l)
}

// resultArrivalLine finds the first line saying how a result arrives, in
// the text lower-cased; a sentence may run on to the next line.
func resultArrivalLine(lower string) int {
	lines := strings.Split(lower, "\n")
	for i, l := range lines {
		window := l
		if i+1 < len(lines) {
			window += " " + lines[i+1]
		}
		if arrivalNotice.MatchString(l) || arrivalMessage.MatchString(l) {
			return i + 1
		}
		// the sentence may run on to the next line; it belongs to this one
		// when it names the tool or the report here
		if reportSentToLead(window) && (strings.Contains(l, "sendmessage") || arrivalReport.MatchString(l)) {
			return i + 1
		}
		// a sentence running on to the next line belongs to the line it starts on
		if m := arrivalLater.FindStringIndex(window); m != nil && m[0] < len(l) {
			return i + 1
		}
	}
	return 0
}
