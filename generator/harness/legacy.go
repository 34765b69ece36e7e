package harness

// unmarkedSubagent recognises a subagent's request on a CLI that does not
// mark it: Claude Code 2.1.76 sends no cc_is_subagent=true (recorded with
// iflow-classic), so a subagent would pass for the main thread. Such a
// request is a subagent's when it is not offered the spawn tool (the main
// thread always is; 2.1.76's subagents were not) and its first user
// message holds the prompt of a spawn the script made. It returns the
// subagent's type, or "" for the main thread.
func (s *Script) unmarkedSubagent(r *Request) string {
	if r.ToolParams("Agent") != nil || r.ToolParams("Task") != nil {
		return ""
	}
	if t := s.spawnedAs(r.FirstUser()); t != "subagent" {
		return t
	}
	return ""
}
