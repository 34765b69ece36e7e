package witness

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/plugforge/plugforge/generator/harness"
)

// Evidence lists, one per line, what a run printed that can show a
// failure: every tool result, every hook run with its outcome and exit
// code, every MCP server's status, how the run ended, and what each actor
// (the main thread, each subagent) first asked the API for: its model,
// the tools it was offered and the texts it was told.
func Evidence(r *harness.Result) []string {
	oneLine := func(s string) string {
		if r.PluginDir != "" {
			s = strings.ReplaceAll(s, r.PluginDir, "$PLUGIN")
		}
		return oneLine(s)
	}
	var out []string
	o := r.Output
	if o == nil {
		return []string{"stderr: " + oneLine(r.Screen)}
	}
	if o.Init != nil {
		state := "plugin not loaded"
		for _, p := range o.Init.Plugins {
			if p.Path == r.PluginDir {
				state = "plugin loaded"
			}
		}
		out = append(out, state)
		if name, ok := o.Init.Loaded(r.PluginDir); ok {
			out = append(out, "registered: "+registered(o.Init, name))
		}
		for _, s := range o.Init.MCPServers {
			out = append(out, fmt.Sprintf("mcp %s %s", s.Name, s.Status))
		}
	}
	for _, h := range o.Hooks {
		code := "none"
		if h.ExitCode != nil {
			code = fmt.Sprint(*h.ExitCode)
		}
		out = append(out, fmt.Sprintf("hook %s %s exit=%s: %s", h.Name, h.Outcome, code, oneLine(h.Stderr+" "+h.Output)))
	}
	plugin := ""
	if o.Init != nil {
		plugin, _ = o.Init.Loaded(r.PluginDir)
	}
	out = append(out, requests(r.Exchanges, oneLine, plugin)...)
	for _, t := range o.Results {
		out = append(out, "tool_result: "+oneLine(t.Text))
	}
	if o.Final != nil {
		out = append(out, fmt.Sprintf("result %s: %s", o.Final.Subtype, oneLine(o.Final.Result)))
	}
	return out
}

// registered lists, sorted, what the CLI registered of the plugin named
// name: its commands, skills and agents, "none" when nothing.
func registered(in *harness.Init, name string) string {
	seen := map[string]bool{}
	for _, n := range slices.Concat(in.SlashCommands, in.Skills, in.Agents) {
		if strings.HasPrefix(n, name+":") {
			seen[n] = true
		}
	}
	if len(seen) == 0 {
		return "none"
	}
	return strings.Join(slices.Sorted(maps.Keys(seen)), ", ")
}

// requests lists each actor's first request: "request ACTOR model=M
// tools=T1,T2", one "told ACTOR: TEXT" per text block of its first
// message other than the CLI's own reminders, and "offered ACTOR: NAMES",
// the plugin's skills the request lists for the Skill tool. The model and
// the tools are what a component's frontmatter sets; the text is what the
// model reads, invisible characters spelled out; the skills are the ones
// the model can know of (a skill without a description is not among them).
func requests(ex []*harness.Exchange, oneLine func(string) string, plugin string) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range ex {
		req := e.Parsed()
		if e.Actor == "aux" || seen[e.Actor] || req == nil {
			continue
		}
		seen[e.Actor] = true
		tools := strings.Join(req.ToolNames(), ",")
		if tools == "" {
			tools = "none"
		}
		out = append(out, fmt.Sprintf("request %s model=%s tools=%s", e.Actor, req.Model, tools))
		for _, t := range req.FirstUserTexts() {
			if !strings.HasPrefix(strings.TrimSpace(t), "<system-reminder>") {
				out = append(out, fmt.Sprintf("told %s: %s", e.Actor, oneLine(visible(t))))
			}
		}
		if names, ok := offered(req.SystemText()+"\n"+req.Conversation(), plugin); ok {
			out = append(out, fmt.Sprintf("offered %s: %s", e.Actor, names))
		}
	}
	return out
}

// skillsIntro opens the list of skills a request offers (2.1.330): one
// "- <name>: <description>" line each, or "- <name> (<alias>): …".
const skillsIntro = "The following skills are available for use with the Skill tool:"

var skillLine = regexp.MustCompile(`^- ([^\s:]+(?::[^\s:]+)*)(?::\s| \()`)

// offered lists, sorted, the plugin's skills in the request's skill list
// ("none" when it has none); ok is false when the request has no list.
func offered(text, plugin string) (string, bool) {
	_, list, ok := strings.Cut(text, skillsIntro)
	if !ok || plugin == "" {
		return "", false
	}
	var names []string
	started := false
	for _, l := range strings.Split(list, "\n") {
		l = strings.TrimSpace(l)
		if l == "" && started {
			break // the list ends at its first blank line
		}
		started = started || l != ""
		if m := skillLine.FindStringSubmatch(l); m != nil && strings.HasPrefix(m[1], plugin+":") {
			names = append(names, m[1])
		}
	}
	if len(names) == 0 {
		return "none", true
	}
	slices.Sort(names)
	return strings.Join(slices.Compact(names), ", "), true
}

// visible spells out format characters (zero-width, bidi controls,
// Unicode tags), which a recording would otherwise hold unseen.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.Is(unicode.Cf, r) {
			fmt.Fprintf(&b, "<U+%04X>", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

var (
	space  = regexp.MustCompile(`\s+`)
	tmpDir = regexp.MustCompile(`/[^\s'"]*plugforge-test-[0-9]+`)
	hexID  = regexp.MustCompile(`\b[0-9a-f]{16,}\b`)
	uuid   = regexp.MustCompile(`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`)
)

// oneLine folds whitespace and replaces what differs between runs and
// machines (the run's temporary directory, agent ids; Evidence also
// replaces the plugin's directory) so recordings compare.
func oneLine(s string) string {
	s = tmpDir.ReplaceAllString(s, "$$RUN")
	s = uuid.ReplaceAllString(s, "$$UUID")
	s = hexID.ReplaceAllString(s, "$$ID")
	return strings.TrimSpace(space.ReplaceAllString(s, " "))
}

// Find returns the first evidence line holding want.
func Find(lines []string, want string) (string, bool) {
	for _, l := range lines {
		if strings.Contains(l, want) {
			return l, true
		}
	}
	return "", false
}

// logLine is one error of the CLI's debug log: its time stamp, level and
// message.
var logLine = regexp.MustCompile(`^\S+ \[ERROR\] (.*)$`)

// LogErrors lists the errors of a debug log (--debug-file), one line
// each, with the plugin's directory replaced as Evidence does.
func LogErrors(log []byte, pluginDir string) []string {
	var out []string
	for _, l := range strings.Split(string(log), "\n") {
		if m := logLine.FindStringSubmatch(l); m != nil {
			msg := m[1]
			if pluginDir != "" {
				msg = strings.ReplaceAll(msg, pluginDir, "$PLUGIN")
			}
			out = append(out, "log error: "+oneLine(strings.ReplaceAll(msg, `\n`, " ")))
		}
	}
	return out
}

// Validation lists the errors `claude plugin validate --json` reported
// for the manifest and the plugin's contents, one line each.
func Validation(out []byte) []string {
	var v struct {
		Manifest *struct {
			Errors []struct{ Message string } `json:"errors"`
		} `json:"manifest"`
		Contents []struct {
			File   string                     `json:"file"`
			Errors []struct{ Message string } `json:"errors"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return []string{"validate: unreadable output: " + oneLine(string(out))}
	}
	var lines []string
	if v.Manifest != nil {
		for _, e := range v.Manifest.Errors {
			lines = append(lines, "validate error: "+oneLine(e.Message))
		}
	}
	for _, c := range v.Contents {
		for _, e := range c.Errors {
			lines = append(lines, "validate error: "+oneLine(e.Message))
		}
	}
	return lines
}
