package render

import "github.com/plugforge/plugforge/generator/model"

// Dialect answers the layout questions that differ between Claude Code
// releases, so dispatch templates never branch on a dialect name.
type Dialect struct{ model.Dialect }

// Async reports a dialect whose results can arrive after the call
// returns, as notifications.
func (d Dialect) Async() bool { return d.Protocol().Async() }

// IsTask reports the seeds' original Task/resume wording.
func (d Dialect) IsTask() bool { return d.Dialect == model.TaskResume }

// SpawnTool is the tool that starts a subagent.
func (d Dialect) SpawnTool() string {
	if d.IsTask() {
		return "Task"
	}
	return "Agent"
}

// ContinueTool is the tool that continues a stored subagent.
func (d Dialect) ContinueTool() string {
	if d.IsTask() {
		return "Task"
	}
	return "SendMessage"
}

// Continued names what continuing a reviewer is called in prose.
func (d Dialect) Continued() string {
	if d.IsTask() {
		return "resumed"
	}
	return "continued"
}

// Continue is the verb for continuing a stored subagent.
func (d Dialect) Continue() string {
	if d.IsTask() {
		return "resume"
	}
	return "continue"
}

// Releases names the Claude Code releases a dialect targets.
func (d Dialect) Releases() string {
	if d.IsTask() {
		return "Claude Code 2.0.28 to 2.1.76"
	}
	return "Claude Code 2.1.77 and later"
}

// Continuing is the gerund, for "If resuming fails".
func (d Dialect) Continuing() string {
	if d.IsTask() {
		return "resuming"
	}
	return "continuing"
}
