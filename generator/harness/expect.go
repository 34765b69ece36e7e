package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// check compares a finished run with the scenario's expectations. Parts
// that only print mode reports (the listing, hook runs, the result
// message) are checked in print mode only.
func check(sc *Scenario, mode string, res *Result, script *Script, project string) []Failure {
	var out []Failure
	fail := func(step, detail, format string, args ...any) {
		out = append(out, Failure{Step: step, Message: fmt.Sprintf(format, args...), Detail: detail})
	}
	for _, e := range res.Exchanges {
		if e.Unexpected != "" {
			fail(fmt.Sprintf("request %d", e.Seq), pair(e), "%s", e.Unexpected)
		}
	}
	if all := sc.Expect.AllTurns; all == nil || *all {
		for _, i := range script.Unused() {
			t := sc.Turns[i]
			fail(fmt.Sprintf("turn %d (line %d, %s)", i+1, t.Line, t.actor()), lastOf(res.Exchanges, t.actor()),
				"no request of %s took this turn", t.actor())
		}
	}
	x := sc.Expect
	o := res.Output
	if mode == Print {
		if o == nil || o.Init == nil {
			fail("listed", "", "the CLI printed no system/init message (exit code %d): %s", res.ExitCode, firstLine(res.Screen))
		} else {
			if !loaded(o.Init, res.PluginDir) {
				fail("listed", "", "Claude Code did not load the plugin at %s", res.PluginDir)
			}
			checkListed(x.Listed, o.Init, fail)
		}
		if o != nil {
			checkHooks(x.Hooks, o.Hooks, fail)
		}
		if x.PermissionDenials != nil && o != nil && o.Final != nil && len(o.Final.PermissionDenials) != *x.PermissionDenials {
			fail("permission_denials", "", "%d tool uses were denied, want %d", len(o.Final.PermissionDenials), *x.PermissionDenials)
		}
	}
	for i, r := range x.Requests {
		checkRequest(fmt.Sprintf("requests[%d] (%s)", i, r.Agent), r, res.Exchanges, fail)
	}
	if len(x.Context) > 0 || len(x.NotContext) > 0 {
		first := firstOf(res.Exchanges, Main)
		if first == nil {
			fail("context", "", "the main thread made no request")
		} else {
			conv := first.req.Conversation() + first.req.SystemText()
			for _, c := range x.Context {
				if !strings.Contains(conv, c) {
					fail("context", pair(first), "the main thread's first request does not hold %q", c)
				}
			}
			for _, c := range x.NotContext {
				if strings.Contains(conv, c) {
					fail("context", pair(first), "the main thread's first request holds %q", c)
				}
			}
		}
	}
	checkToolResults(x.ToolResults, res.Exchanges, fail)
	for _, rel := range sortedKeys(x.Files) {
		f := x.Files[rel]
		data, err := os.ReadFile(filepath.Join(project, filepath.FromSlash(rel)))
		exists := err == nil
		if f.Exists != nil && exists != *f.Exists {
			fail("files."+rel, "", "file exists: %v, want %v", exists, *f.Exists)
			continue
		}
		for _, c := range f.Contains {
			if !strings.Contains(string(data), c) {
				fail("files."+rel, "", "file does not contain %q", c)
			}
		}
	}
	if e := x.End; e != nil {
		checkEnd(e, mode, res, fail)
	}
	return out
}

type failFunc func(step, detail, format string, args ...any)

func checkListed(l Listed, in *Init, fail failFunc) {
	for _, set := range []struct {
		kind       string
		want, have []string
	}{{"command", l.Commands, in.SlashCommands}, {"skill", l.Skills, in.Skills}, {"agent", l.Agents, in.Agents}} {
		for _, w := range set.want {
			if !slices.Contains(set.have, w) {
				fail("listed."+set.kind+"s", "", "Claude Code did not register %s %q", set.kind, w)
			}
		}
	}
	for _, a := range l.Absent {
		if slices.Contains(in.SlashCommands, a) || slices.Contains(in.Skills, a) || slices.Contains(in.Agents, a) {
			fail("listed.absent", "", "Claude Code registered %q", a)
		}
	}
}

func checkHooks(want []HookExpect, have []HookRun, fail failFunc) {
	for i, w := range want {
		ok := false
		for _, h := range have {
			if h.Event == w.Event && (w.Name == "" || h.Name == w.Name) && (w.Outcome == "" || h.Outcome == w.Outcome) &&
				strings.Contains(h.Output+h.Stderr, w.Contains) {
				ok = true
				break
			}
		}
		if w.Absent {
			if ok {
				fail(fmt.Sprintf("hooks[%d] (%s)", i, w.Event), "", "a %s hook ran (%s), want none", w.Event, w.Name)
			}
			continue
		}
		if !ok {
			var seen []string
			for _, h := range have {
				seen = append(seen, fmt.Sprintf("%s %s %q", h.Name, h.Outcome, trim(h.Output+h.Stderr, 120)))
			}
			fail(fmt.Sprintf("hooks[%d] (%s)", i, w.Event), strings.Join(seen, "\n"),
				"no %s hook run with outcome %q whose output holds %q", w.Event, w.Outcome, w.Contains)
		}
	}
}

func checkRequest(step string, w RequestExpect, ex []*Exchange, fail failFunc) {
	var mine []*Exchange
	for _, e := range ex {
		if e.Actor == w.Agent {
			mine = append(mine, e)
		}
	}
	if w.Count != nil && len(mine) != *w.Count {
		fail(step, "", "%s made %d requests, want %d", w.Agent, len(mine), *w.Count)
		return
	}
	if len(mine) == 0 {
		if w.Count == nil || *w.Count > 0 {
			fail(step, "", "%s made no request", w.Agent)
		}
		return
	}
	e := mine[0]
	r := e.req
	sys, prompt := r.SystemText(), r.FirstUser()
	for _, s := range w.System {
		if !strings.Contains(sys, s) {
			fail(step, pair(e), "its system prompt does not hold %q", s)
		}
	}
	for _, s := range w.Prompt {
		if !strings.Contains(prompt, s) {
			fail(step, pair(e), "its prompt does not hold %q", s)
		}
	}
	if w.Model != "" && !strings.Contains(r.Model, w.Model) {
		fail(step, pair(e), "it ran on model %q, want one matching %q", r.Model, w.Model)
	}
	names := r.ToolNames()
	for _, t := range w.Tools {
		if !slices.Contains(names, t) {
			fail(step, pair(e), "it was not offered tool %q (offered: %s)", t, strings.Join(names, ", "))
		}
	}
	for _, t := range w.NotTools {
		if slices.Contains(names, t) {
			fail(step, pair(e), "it was offered tool %q", t)
		}
	}
}

// checkToolResults matches each expected result, in order, to a later
// tool result shown to its actor. A result is found in the request that
// follows the call: its tool_result block, joined to the tool_use by id.
func checkToolResults(want []ToolResultExpect, ex []*Exchange, fail failFunc) {
	type shown struct {
		actor, tool, text string
		isErr             bool
		e                 *Exchange
	}
	var all []shown
	seen := map[string]bool{}
	for _, e := range ex {
		calls := map[string]string{}
		for _, m := range e.req.Messages {
			for _, b := range blocks(m.Content) {
				if b.Type == "tool_use" {
					calls[b.ID] = b.Name
				}
				if b.Type == "tool_result" && !seen[e.Actor+b.ToolUseID] {
					seen[e.Actor+b.ToolUseID] = true
					all = append(all, shown{e.Actor, calls[b.ToolUseID], text(blocks(b.Content)), b.IsError, e})
				}
			}
		}
	}
	at := 0
	for i, w := range want {
		actor := w.Agent
		if actor == "" {
			actor = Main
		}
		found := false
		for j := at; j < len(all); j++ {
			s := all[j]
			if s.actor == actor && (w.Tool == "" || s.tool == w.Tool) && strings.Contains(s.text, w.Contains) &&
				(w.IsError == nil || *w.IsError == s.isErr) {
				at, found = j+1, true
				break
			}
		}
		if !found {
			var got []string
			for _, s := range all {
				if s.actor == actor {
					got = append(got, fmt.Sprintf("%s: %q", s.tool, trim(s.text, 200)))
				}
			}
			fail(fmt.Sprintf("tool_results[%d]", i), strings.Join(got, "\n"),
				"no later %s result shown to %s holds %q", orAny(w.Tool), actor, w.Contains)
		}
	}
}

func checkEnd(e *EndExpect, mode string, res *Result, fail failFunc) {
	if e.Output != "" {
		all := res.Screen
		if res.Output != nil {
			all += string(res.Output.Raw)
		}
		if !strings.Contains(all, e.Output) {
			fail("end.output", trim(all, 2000), "the CLI's output does not hold %q", e.Output)
		}
	}
	if mode != Print {
		return
	}
	f := (*Final)(nil)
	if res.Output != nil {
		f = res.Output.Final
	}
	if f == nil {
		fail("end", trim(res.Screen, 2000), "the CLI printed no result message (exit code %d)", res.ExitCode)
		return
	}
	if e.Subtype != "" && f.Subtype != e.Subtype {
		fail("end.subtype", "", "the run ended %q, want %q (result: %q)", f.Subtype, e.Subtype, trim(f.Result, 300))
	}
	if e.IsError != nil && f.IsError != *e.IsError {
		fail("end.is_error", "", "is_error is %v, want %v (result: %q)", f.IsError, *e.IsError, trim(f.Result, 300))
	}
	if e.Result != "" && !strings.Contains(f.Result, e.Result) {
		fail("end.result", "", "the result %q does not hold %q", trim(f.Result, 300), e.Result)
	}
	for _, k := range sortedKeys(e.Subagents) {
		n, ok := f.Stat(k)
		if !ok || n != e.Subagents[k] {
			fail("end.subagents."+k, "", "subagent_stats.%s is %d, want %d", k, n, e.Subagents[k])
		}
	}
}

func loaded(in *Init, dir string) bool {
	_, ok := in.Loaded(dir)
	return ok
}
