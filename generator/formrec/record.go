package formrec

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/plugforge/plugforge/generator/harness"
)

// Options say where the probes are and which CLI runs them.
type Options struct {
	Claude string // the CLI binary
	Root   string // the repository root
	Mode   string // harness.Print (default) or harness.Interactive
	Only   string // run only this probe (its file name), for a look at one form
	Keep   bool   // keep each run's directory (exchanges.jsonl, the CLI's output)
	// Timeout is one run's limit; 0 means three minutes (one minute for
	// an interactive session, which closes only once every turn is taken).
	Timeout time.Duration
	// Progress, if set, is told each probe as it starts.
	Progress func(name string)
}

// Dir is this package's directory, from the repository root.
const Dir = "generator/formrec"

// RefreshCommand is the command a recording names as its source.
const RefreshCommand = "go run ./generator/formrec/cmd -claude PATH (make record-forms)"

// Record runs every probe in o.Mode and returns what the CLI printed.
// A probe that did not provoke one of its captures is an error naming it
// and listing what the main thread was shown instead.
func Record(ctx context.Context, o Options) (*Recording, error) {
	if o.Mode == "" {
		o.Mode = harness.Print
	}
	rec := &Recording{Mode: o.Mode, Refresh: RefreshCommand}
	// The CLI runs in the probe's own project directory.
	claude, err := filepath.Abs(o.Claude)
	if err != nil {
		return nil, fmt.Errorf("formrec: %w", err)
	}
	if rec.Version, err = version(ctx, claude); err != nil {
		return nil, err
	}
	plugin := filepath.Join(o.Root, Dir, "probe-plugin")
	var errs []string
	if o.Timeout == 0 {
		o.Timeout = 3 * time.Minute
		if o.Mode == harness.Interactive {
			o.Timeout = time.Minute
		}
	}
	for _, p := range Probes {
		if (o.Only != "" && o.Only != p.File) || (p.PrintOnly && o.Mode != harness.Print) {
			continue
		}
		if o.Progress != nil {
			o.Progress(p.File)
		}
		sc, err := harness.LoadScenario(filepath.Join(o.Root, Dir, "scenarios", p.File))
		if err != nil {
			return nil, err
		}
		res, err := harness.Run(ctx, sc, plugin, o.Mode, harness.Options{Claude: claude, Timeout: o.Timeout, Keep: o.Keep})
		if err != nil {
			return nil, fmt.Errorf("formrec: %s: %w", p.File, err)
		}
		if res.Version != "" && res.Version != rec.Version {
			return nil, fmt.Errorf("formrec: %s: the CLI said it is %s, then ran as %s", p.File, rec.Version, res.Version)
		}
		if o.Keep && o.Progress != nil {
			o.Progress("kept " + res.Dir)
		}
		run, err := runOf(sc, p, o.Mode, res)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		rec.Scenarios = append(rec.Scenarios, run)
	}
	if len(errs) > 0 {
		return rec, fmt.Errorf("formrec: Claude Code %s did not print every recorded form:\n%s", rec.Version, strings.Join(errs, "\n"))
	}
	return rec, nil
}

// version asks the CLI for its version: "2.1.330 (Claude Code)".
func version(ctx context.Context, claude string) (string, error) {
	cmd := exec.CommandContext(ctx, claude, "--version")
	cmd.Env = append(os.Environ(), "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("formrec: %s --version: %w", claude, err)
	}
	v, _, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	if v == "" {
		return "", fmt.Errorf("formrec: %s --version printed nothing", claude)
	}
	return v, nil
}

// runOf reads one probe's result into its recorded run.
func runOf(sc *harness.Scenario, p Probe, mode string, res *harness.Result) (Run, error) {
	run := Run{Name: sc.Name, Env: sc.Env, Args: sc.Args, AskedAfterEndTurn: askedAfterEndTurn(res.Exchanges)}
	for _, e := range res.Exchanges {
		if e.Actor == harness.Main && e.Parsed() != nil {
			run.AgentParams = e.Parsed().ToolParams("Agent")
			break
		}
	}
	if res.Output != nil && p.Ends {
		run.Ends = ends(res.Output.Raw)
	}
	if res.Output != nil && res.Output.Final != nil {
		run.Stats = map[string]int{}
		flatStats("", res.Output.Final.SubagentStats, run.Stats)
	}
	seen := mainThread(lastMain(res.Exchanges))
	for _, c := range p.captures(mode) {
		s, err := capture(c, seen)
		if err != nil {
			// A run cut off at the timeout explains a missing text.
			for _, f := range res.Failures {
				if f.Step == "run" {
					err = fmt.Errorf("%w\n  (%s)", err, f.Message)
				}
			}
			return run, fmt.Errorf("%s: %w", p.File, err)
		}
		run.Forms = append(run.Forms, Form{Form: c.Form, Call: c.Call, Branch: c.Branch,
			Source: fmt.Sprintf("%s %d", c.Source, c.N), IsError: s.isError, Text: Normalise(s.text)})
	}
	return run, nil
}
