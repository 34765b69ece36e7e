package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"time"

	"github.com/plugforge/plugforge/generator/harness"
)

// testCmd serves `plugforge test [flags] PLUGIN_DIR [SCENARIO|DIR...]`.
func testCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("test", "test [--smoke] [--mode M] [--format F] [--claude PATH] [--keep] PLUGIN_DIR [SCENARIO|DIR...]",
		"  plugforge test --smoke path/to/plugin             # what Claude Code makes of it; no scenario needed\n"+
			"  plugforge test dist/iflow plugin-src/scenarios/iflow\n"+
			"  plugforge test --mode both --format junit dist/iflow my.yaml > e2e.xml\n"+
			"\nRuns the plugin in the real Claude Code CLI (--claude), pointed at a scripted stand-in for the\n"+
			"Messages API on a loopback port; each run has its own HOME and a throw-away git project.\n"+
			"It RUNS THE PLUGIN'S OWN CODE (hooks, ! commands): test only plugins you would install.\n"+
			"`plugforge lint` never runs plugin code. Scenario files: schemas/scenario.schema.json;\n"+
			"--format json: schemas/test-report.schema.json.\n"+
			"\nexit status: 0 all passed, 1 a scenario failed or smoke found a problem, 2 usage or I/O error\n", stderr)
	formatName := choiceFlag(fs, "format", "text", "output `format`", []string{"text", "json", "junit"})
	mode := choiceFlag(fs, "mode", "print", "run each scenario in `mode` print (claude -p), interactive (a pseudo-terminal), or both", []string{"print", "interactive", "both"})
	claude := fs.String("claude", "", "the Claude Code CLI `binary` (default $PLUGFORGE_CLAUDE, then the one `make tools` installs, then claude on PATH)")
	keep := fs.Bool("keep", false, "keep each run's directory (HOME, project, exchanges.jsonl, the CLI's output) and print where")
	smoke := fs.Bool("smoke", false, "no scenarios: report what the CLI loaded, run every command, spawn every agent, fire the hooks")
	timeout := fs.Duration("timeout", 2*time.Minute, "time limit for one run")
	parallel := fs.Int("parallel", 2, "runs at a time")
	pos, code := parse(fs, args, math.MaxInt, "")
	if code >= 0 {
		return code
	}
	if len(pos) == 0 || (!*smoke && len(pos) == 1) {
		fmt.Fprintln(stderr, "plugforge test: need PLUGIN_DIR and, without --smoke, at least one SCENARIO or DIR")
		return exitUsage
	}
	bin, err := harness.FindCLI(*claude, ".")
	if err != nil {
		fmt.Fprintf(stderr, "plugforge test: %v\n", err)
		return exitUsage
	}
	o := harness.Options{Claude: bin, Keep: *keep, Timeout: *timeout}
	ctx := context.Background()
	var rep *harness.Report
	if *smoke {
		s, err := harness.Smoke(ctx, pos[0], o, *parallel)
		if err != nil {
			fmt.Fprintf(stderr, "plugforge test: %v\n", err)
			return exitUsage
		}
		rep = harness.NewReport(s.Plugin, nil, s)
	} else {
		scs, err := harness.LoadScenarios(pos[1:])
		if err != nil {
			fmt.Fprintf(stderr, "plugforge test: %v\n", err)
			return exitUsage
		}
		modes := []string{mode.Value}
		if mode.Value == "both" {
			modes = []string{harness.Print, harness.Interactive}
		}
		results, err := harness.RunAll(ctx, scs, pos[0], modes, o, *parallel)
		if err != nil {
			fmt.Fprintf(stderr, "plugforge test: %v\n", err)
			return exitUsage
		}
		rep = harness.NewReport(filepath.Base(filepath.Clean(pos[0])), results, nil)
	}
	switch formatName.Value {
	case "json":
		err = rep.WriteJSON(stdout)
	case "junit":
		err = rep.WriteJUnit(stdout)
	default:
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plugforge test: %v\n", err)
		return exitUsage
	}
	if !rep.OK() {
		return exitFail
	}
	return exitOK
}
