package main

import (
	"fmt"
	"io"
	"math"

	"github.com/plugforge/plugforge/generator/buildinfo"
	"github.com/plugforge/plugforge/generator/cliflag"
	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/crosscheck"
	"github.com/plugforge/plugforge/generator/lint/fix"
	"github.com/plugforge/plugforge/generator/lint/format"
	"github.com/plugforge/plugforge/generator/lint/rules"
	"github.com/plugforge/plugforge/generator/lint/session"
)

// lintCmd serves `plugforge lint [PATH...]`.
func lintCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lint", "lint [--format F] [--fail-on SEV] [--config FILE] [--baseline FILE [--update-baseline]] [--cross-check] [--fix [--dry-run]] [PATH...]",
		"  plugforge lint                        # every variant in ./dist/\n"+
			"  plugforge lint path/to/plugin         # any Claude Code plugin\n"+
			"  plugforge lint path/to/marketplace    # marketplace.json and every local plugin it lists\n"+
			"  plugforge lint --format sarif > lint.sarif\n"+
			"  plugforge lint --fix --dry-run | less     # the fixes as a diff; --fix applies them\n"+
			"  plugforge lint --baseline plugforge-baseline.json --update-baseline   # record today's findings\n"+
			"  plugforge lint --baseline plugforge-baseline.json                     # report only new ones\n"+
			"\nexit status: 0 clean, 1 findings at or above --fail-on (after --fix: those that remain;\n"+
			"with --dry-run: something to fix; never with --update-baseline), 2 usage or I/O error\n", stderr)
	formatName := formatFlag(fs, format.Formats)
	failOn := choiceFlag(fs, "fail-on", "error", "exit 1 on findings of this `severity` or higher", []string{"error", "warning", "info"})
	cfgPath := fs.String("config", "", "configuration `file` (default ./"+config.FileName+" if present)")
	noConfig := fs.Bool("no-config", false, "ignore "+config.FileName)
	cross := fs.Bool("cross-check", false, "also run `claude plugin validate` and report where its verdict and plugforge's disagree")
	doFix := fs.Bool("fix", false, "apply the fixes of fixable findings (never to files plugforge generated), then report what remains")
	dryRun := fs.Bool("dry-run", false, "with --fix: print the fixes as a unified diff and change nothing")
	base := fs.String("baseline", "", "report only findings this baseline `file` does not record (default: baseline: in "+config.FileName+")")
	update := fs.Bool("update-baseline", false, "rewrite the baseline with today's findings (those of the plugins linted), then report against it")
	paths, code := parse(fs, args, math.MaxInt, "")
	if code >= 0 {
		return code
	}
	if *update && (*doFix || *dryRun) {
		fmt.Fprintln(stderr, "plugforge lint: --update-baseline cannot be combined with --fix; fix first, then record what remains")
		return exitUsage
	}
	so := session.Options{Config: *cfgPath, Dir: ".", NoConfig: *noConfig, Baseline: *base, UpdateBaseline: *update}
	if *doFix || *dryRun {
		fixed, err := session.Fix(so, paths, *dryRun)
		if err != nil {
			return lintFailed(stderr, err)
		}
		fix.Summary(stderr, fixed.Files, fixed.Skipped, *dryRun)
		if io.WriteString(stdout, fixed.Diff); *dryRun {
			return min(len(fixed.Files), exitFail)
		}
		return reportLint(fixed.Run, stdout, stderr, *formatName, *failOn, *cross)
	}
	run, err := session.Lint(so, paths)
	if err != nil {
		return lintFailed(stderr, err)
	}
	if run.Updated != nil {
		fmt.Fprintln(stderr, run.Updated)
	}
	return reportLint(run, stdout, stderr, *formatName, *failOn, *cross)
}

func lintFailed(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "plugforge lint: %v\n", err)
	return exitUsage
}

// reportLint prints a lint run's findings and turns them into the exit status.
func reportLint(run *session.Run, stdout, stderr io.Writer, formatName, failOn cliflag.Choice, cross bool) int {
	if err := format.Write(stdout, formatName.Value, run.Report(buildinfo.Version(version))); err != nil {
		return lintFailed(stderr, err)
	}
	if cross {
		if err := crosscheck.Compare(run.Units, run.Findings, stderr); err != nil {
			return lintFailed(stderr, fmt.Errorf("--cross-check: %w", err))
		}
	}
	if fail, _ := lint.ParseSeverity(failOn.Value); lint.AtLeast(run.Findings, fail) {
		return exitFail
	}
	return exitOK
}

// rulesCmd serves `plugforge rules`.
func rulesCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rules", "rules [--format text|json|markdown] [--family NAME]",
		"  plugforge rules\n  plugforge rules --family hooks\n  plugforge rules --format markdown > docs/rules.md\n", stderr)
	formatName := formatFlag(fs, rules.ListFormats)
	family := choiceFlag(fs, "family", "", "only rules of this `family`", rules.FamilyNames())
	if _, code := parse(fs, args, 0, ""); code >= 0 {
		return code
	}
	if err := rules.WriteList(stdout, formatName.Value, rules.OfFamily(family.Value)); err != nil {
		return failed(stderr, "rules", "", err)
	}
	return exitOK
}

// explainCmd serves `plugforge explain ID|alias`.
func explainCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("explain", "explain RULE", "  plugforge explain HK003\n  plugforge explain hook-root-unquoted\n", stderr)
	name, code := oneArg(fs, args, "RULE", "missing RULE; run `plugforge rules` for the list")
	if code >= 0 {
		return code
	}
	r, err := rules.Lookup(name)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge explain: %v\n", err)
		return exitUsage
	}
	io.WriteString(stdout, rules.Explain(r))
	return exitOK
}
