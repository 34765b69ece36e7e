package harness

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// SmokeReport is what a smoke run saw: the plugin as the CLI loaded it,
// and every problem the runs showed.
type SmokeReport struct {
	Plugin   string           `json:"plugin"`
	Version  string           `json:"claude_code_version"`
	Loaded   bool             `json:"loaded"`
	Commands []SmokeComponent `json:"commands"`
	Skills   []SmokeComponent `json:"skills"`
	Agents   []SmokeComponent `json:"agents"`
	Hooks    []SmokeHook      `json:"hooks"`
	MCP      []SmokeMCP       `json:"mcp_servers"`
	Problems []SmokeProblem   `json:"problems"`
	Seconds  float64          `json:"seconds"`
	Kept     []string         `json:"kept,omitempty"` // with --keep: each run's directory
}

// SmokeComponent is one command, skill or agent: where its file says it
// is, and what the CLI made of it.
type SmokeComponent struct {
	Name        string `json:"name"`           // as the CLI registers it, plugin prefix included
	File        string `json:"file,omitempty"` // the file that defines it, relative to the plugin
	Registered  bool   `json:"registered"`
	Description string `json:"description,omitempty"` // as the CLI showed it to the model
	Ran         string `json:"ran,omitempty"`         // command: how its run ended; agent: the model and tools it got
}

// SmokeHook is one hook event with how often it ran and how it ended.
type SmokeHook struct {
	Event    string   `json:"event"`
	Runs     int      `json:"runs"`
	Outcomes []string `json:"outcomes"`
}

// SmokeMCP is one MCP server the CLI listed.
type SmokeMCP struct {
	Name   string `json:"name"`
	Status string `json:"status"`
}

// SmokeProblem is one thing the CLI dropped, read differently or failed to run.
type SmokeProblem struct {
	Kind      string `json:"kind"` // dropped, unlisted, command-failed, agent-failed, hook-failed, hook-output, mcp-failed, plugin-not-loaded
	Component string `json:"component,omitempty"`
	Message   string `json:"message"`
}

// Smoke loads the plugin in the CLI, runs every command once with a model
// that only ends its turn, spawns every agent once, and fires the hooks a
// session, a prompt, tool calls and a subagent fire. It runs the plugin's
// own code (hooks, `!` commands).
func Smoke(ctx context.Context, plugDir string, o Options, parallel int) (*SmokeReport, error) {
	snap, err := snapshot.Load(plugDir, plugDir, snapshot.Options{})
	if err != nil {
		return nil, fmt.Errorf("harness: smoke: %w", err)
	}
	comps := snap.Components()
	rep := &SmokeReport{Plugin: comps.Plugin}
	prefix := comps.Plugin + ":"
	// The first run: a prompt the model answers at once, and a few tool
	// calls so tool hooks fire.
	registered := registeredHooks(snap)
	tools := &Scenario{Name: "smoke: load", Prompt: "plugforge smoke test", Unscripted: "end",
		Turns: []Turn{{Reply: toolCalls(registered)}}}
	var runs []*Scenario
	runs = append(runs, tools)
	for _, c := range append(append([]snapshot.Component{}, comps.Commands...), comps.Workflows...) {
		runs = append(runs, &Scenario{Name: "smoke: command " + prefix + c.Name, Prompt: "/" + prefix + c.Name, Unscripted: "end"})
	}
	for _, c := range comps.Agents {
		p := "plugforge smoke: spawn " + prefix + c.Name
		runs = append(runs, &Scenario{Name: "smoke: agent " + prefix + c.Name, Prompt: p, Unscripted: "end", Turns: []Turn{
			{When: &Match{Contains: []string{p}}, Reply: []Action{{Tool: "Agent", Input: map[string]any{
				"subagent_type": prefix + c.Name, "description": "smoke", "prompt": p + " (reply ok)"}}}},
		}})
	}
	results := make([]*Result, len(runs))
	errs := make([]error, len(runs))
	if parallel < 1 {
		parallel = 2
	}
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, sc := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i], errs[i] = Run(ctx, sc, plugDir, Print, o)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	first := results[0]
	in := first.Output.Init
	if in == nil {
		rep.Problems = append(rep.Problems, SmokeProblem{Kind: "plugin-not-loaded", Message: "the CLI printed no system/init message: " + firstLine(first.Screen)})
		return rep, nil
	}
	rep.Version = in.Version
	rep.Loaded = loaded(in, first.PluginDir)
	if !rep.Loaded {
		rep.Problems = append(rep.Problems, SmokeProblem{Kind: "plugin-not-loaded", Message: "the CLI did not load the plugin"})
	}
	listing := ""
	if m := firstOf(first.Exchanges, Main); m != nil {
		listing = m.req.Conversation() + "\n" + m.req.SystemText() + "\n" + toolDescriptions(m.req)
	}
	rep.Commands = components(comps.Commands, prefix, in.SlashCommands, listing, &rep.Problems, "command")
	rep.Commands = append(rep.Commands, components(comps.Workflows, prefix, in.SlashCommands, listing, &rep.Problems, "command")...)
	rep.Skills = components(comps.Skills, prefix, in.Skills, listing, &rep.Problems, "skill")
	rep.Agents = components(comps.Agents, prefix, in.Agents, listing, &rep.Problems, "agent")
	unlisted(in, prefix, comps, &rep.Problems)
	for _, s := range in.MCPServers {
		rep.MCP = append(rep.MCP, SmokeMCP{s.Name, s.Status})
		if s.Status != "connected" {
			rep.Problems = append(rep.Problems, SmokeProblem{Kind: "mcp-failed", Component: s.Name, Message: fmt.Sprintf("MCP server %q is %s", s.Name, s.Status)})
		}
	}
	i := 1
	for j := range rep.Commands {
		ranCommand(&rep.Commands[j], results[i], &rep.Problems)
		i++
	}
	for j := range rep.Agents {
		ranAgent(&rep.Agents[j], results[i], &rep.Problems)
		i++
	}
	rep.Hooks = hooks(results, registered, &rep.Problems)
	for _, r := range results {
		rep.Seconds += r.Seconds
		if r.Dir != "" {
			rep.Kept = append(rep.Kept, r.Dir)
		}
	}
	return rep, nil
}

// toolDescriptions is the text of the tools' descriptions, where the CLI
// lists agent types for the Agent tool.
func toolDescriptions(r *Request) string {
	var raw []struct {
		Description string `json:"description"`
	}
	b, _ := json.Marshal(r.Tools)
	_ = json.Unmarshal(b, &raw)
	var s strings.Builder
	for _, t := range raw {
		s.WriteString(t.Description + "\n")
	}
	return s.String()
}

func components(cs []snapshot.Component, prefix string, registered []string, listing string, probs *[]SmokeProblem, kind string) []SmokeComponent {
	var out []SmokeComponent
	for _, c := range cs {
		sc := SmokeComponent{Name: prefix + c.Name, Registered: slices.Contains(registered, prefix+c.Name)}
		if c.File != nil {
			sc.File = c.File.Path
		}
		if d := skillDir(c, kind); !sc.Registered && d != "" && slices.Contains(registered, prefix+d) {
			sc.Name, sc.Registered = prefix+d, true
		}
		sc.Description = described(listing, sc.Name)
		// A skill with `user-invocable: false` is missing from the init
		// message's lists but still offered to the model under its name
		// (2.1.330, observed on oh-my-claudecode's omc-reference): shown
		// is registered.
		sc.Registered = sc.Registered || sc.Description != ""
		if !sc.Registered {
			*probs = append(*probs, SmokeProblem{Kind: "dropped", Component: sc.Name,
				Message: fmt.Sprintf("%s %q (%s) is not among the %ss the CLI registered", kind, sc.Name, sc.File, kind)})
		}
		out = append(out, sc)
	}
	return out
}

// skillDir is the directory name of a skill whose frontmatter name
// differs from it, "" otherwise. Claude Code 2.1.330 registers such a
// skill under the directory's name and resolves the frontmatter name too
// (observed: "/p:pdf-tools" and "/p:pdf" both expand
// skills/pdf-tools/SKILL.md with name: pdf; init lists p:pdf-tools).
func skillDir(c snapshot.Component, kind string) string {
	if kind != "skill" || c.File == nil {
		return ""
	}
	d := path.Base(path.Dir(c.File.Path))
	if d == "." || d == "/" || d == c.Name {
		return ""
	}
	return d
}

// described finds "- NAME: description" (or "NAME: description") in the
// lists the CLI shows the model.
func described(listing, name string) string {
	for _, line := range strings.Split(listing, "\n") {
		l := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- "))
		if rest, ok := strings.CutPrefix(l, name+": "); ok {
			return rest
		}
		// A skill whose frontmatter name differs from its directory:
		// "- plugin:dir (plugin:name): description" (2.1.330).
		if rest, ok := strings.CutPrefix(l, name+" ("); ok {
			if _, d, ok := strings.Cut(rest, "): "); ok {
				return d
			}
		}
		if rest, ok := strings.CutPrefix(l, "/"+name+": "); ok {
			return rest
		}
	}
	return ""
}

// unlisted reports names the CLI registered for the plugin that its files
// do not define under that name: read differently from the files.
func unlisted(in *Init, prefix string, comps *snapshot.Components, probs *[]SmokeProblem) {
	known := map[string]bool{}
	for _, set := range [][]snapshot.Component{comps.Commands, comps.Workflows, comps.Skills, comps.Agents} {
		for _, c := range set {
			known[prefix+c.Name] = true
			for _, a := range c.Aliases {
				known[prefix+a] = true
			}
		}
	}
	for _, c := range comps.Skills {
		if d := skillDir(c, "skill"); d != "" {
			known[prefix+d] = true
		}
	}
	var names []string
	for _, set := range [][]string{in.SlashCommands, in.Skills, in.Agents} {
		for _, n := range set {
			if strings.HasPrefix(n, prefix) && !known[n] && !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	for _, n := range names {
		*probs = append(*probs, SmokeProblem{Kind: "unlisted", Component: n, Message: fmt.Sprintf("the CLI registered %q, which no file of the plugin defines under that name", n)})
	}
}

func ranCommand(c *SmokeComponent, r *Result, probs *[]SmokeProblem) {
	f := (*Final)(nil)
	if r.Output != nil {
		f = r.Output.Final
	}
	switch {
	case f == nil:
		c.Ran = "no result"
		*probs = append(*probs, SmokeProblem{Kind: "command-failed", Component: c.Name, Message: "the run printed no result: " + firstLine(r.Screen)})
	case f.IsError || len(r.Exchanges) == 0:
		// A failed `!` line ends the run with subtype "success" (2.1.330,
		// observed), so the subtype alone would read as a clean run.
		c.Ran = "never reached the model"
		*probs = append(*probs, SmokeProblem{Kind: "command-failed", Component: c.Name, Message: fmt.Sprintf("the command never reached the model: %s", trim(f.Result, 300))})
	case unknownCommand(r):
		// Already reported as dropped; the run itself "succeeds", the
		// model told that no such command exists.
		c.Ran = "unknown to the CLI"
	default:
		c.Ran = f.Subtype
	}
}

// unknownCommand reports a run whose slash command the CLI did not know:
// it tells the model so instead of expanding the command (2.1.330).
func unknownCommand(r *Result) bool {
	m := firstOf(r.Exchanges, Main)
	return m != nil && strings.Contains(m.req.Conversation(), "but no command with that name is available in this session")
}

func ranAgent(c *SmokeComponent, r *Result, probs *[]SmokeProblem) {
	sub := firstOf(r.Exchanges, c.Name)
	if sub == nil {
		msg := "no request of the agent arrived"
		for _, e := range r.Exchanges {
			for _, b := range e.req.ToolResults() {
				msg = trim(text(blocks(b.Content)), 300)
			}
		}
		*probs = append(*probs, SmokeProblem{Kind: "agent-failed", Component: c.Name, Message: "spawning it failed: " + msg})
		return
	}
	c.Ran = fmt.Sprintf("model %s, tools %s", sub.req.Model, strings.Join(sub.req.ToolNames(), ","))
}

func hooks(results []*Result, registered map[string][]string, probs *[]SmokeProblem) []SmokeHook {
	by := map[string]*SmokeHook{}
	for ev := range registered {
		by[ev] = &SmokeHook{Event: ev, Outcomes: []string{}}
	}
	seen := map[string]bool{}
	for _, r := range results {
		if r.Output == nil {
			continue
		}
		for _, h := range r.Output.Hooks {
			if h.Event == "" {
				continue
			}
			sh := by[h.Event]
			if sh == nil {
				sh = &SmokeHook{Event: h.Event}
				by[h.Event] = sh
			}
			sh.Runs++
			if !slices.Contains(sh.Outcomes, h.Outcome) {
				sh.Outcomes = append(sh.Outcomes, h.Outcome)
			}
			key := h.Name + "\x00" + h.Outcome
			if seen[key] {
				continue
			}
			seen[key] = true
			if (h.Outcome != "success" || (h.ExitCode != nil && *h.ExitCode != 0 && *h.ExitCode != 2)) && !asyncCancelled(h) {
				msg := fmt.Sprintf("hook %s ended %q (exit %s): %s", h.Name, h.Outcome, exit(h.ExitCode), trim(h.Stderr+h.Output, 300))
				if h.Outcome == "cancelled" {
					// 2.1.330 reports a hook past its timeout and an async
					// hook the run's end cut short alike (observed).
					msg = fmt.Sprintf("hook %s ended \"cancelled\" (exit %s): it timed out, or it runs async and the run ended first", h.Name, exit(h.ExitCode))
				}
				*probs = append(*probs, SmokeProblem{Kind: "hook-failed", Component: h.Name, Message: msg})
			}
			if o := strings.TrimSpace(h.Output); strings.HasPrefix(o, "{") && !json.Valid([]byte(o)) {
				*probs = append(*probs, SmokeProblem{Kind: "hook-output", Component: h.Name,
					Message: fmt.Sprintf("hook %s printed output that starts like JSON but does not parse: %s", h.Name, trim(o, 200))})
			}
		}
	}
	var out []SmokeHook
	for _, k := range sortedKeys(by) {
		sort.Strings(by[k].Outcomes)
		out = append(out, *by[k])
	}
	return out
}

func exit(p *int) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}
