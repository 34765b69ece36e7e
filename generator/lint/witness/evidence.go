package witness

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/plugforge/plugforge/generator/harness"
)

// Evidence lists, one per line, what a run printed that can show a
// failure: every tool result, every hook run with its outcome and exit
// code, every MCP server's status, and how the run ended.
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
	for _, t := range o.Results {
		out = append(out, "tool_result: "+oneLine(t.Text))
	}
	if o.Final != nil {
		out = append(out, fmt.Sprintf("result %s: %s", o.Final.Subtype, oneLine(o.Final.Result)))
	}
	return out
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
