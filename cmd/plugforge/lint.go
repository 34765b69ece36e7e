package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/plugforge/plugforge/generator/lint"
	"github.com/plugforge/plugforge/generator/lint/config"
	"github.com/plugforge/plugforge/generator/lint/crosscheck"
	"github.com/plugforge/plugforge/generator/lint/format"
	"github.com/plugforge/plugforge/generator/lint/rules"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// lintCmd serves `plugforge lint [PATH...]`.
func lintCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lint", "lint [--format F] [--fail-on SEV] [--config FILE] [--cross-check] [PATH...]",
		"  plugforge lint                        # every variant in ./dist/\n"+
			"  plugforge lint path/to/plugin         # any Claude Code plugin\n"+
			"  plugforge lint path/to/marketplace    # marketplace.json and every local plugin it lists\n"+
			"  plugforge lint --format sarif > lint.sarif\n"+
			"\nexit status: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error\n", stderr)
	formatName := formatFlag(fs, format.Formats)
	failOn := &choice{value: "error", allowed: []string{"error", "warning", "info"}}
	fs.Var(failOn, "fail-on", "exit 1 on findings of this `severity` or higher: error, warning, info")
	cfgPath := fs.String("config", "", "configuration `file` (default ./"+config.FileName+" if present)")
	noConfig := fs.Bool("no-config", false, "ignore "+config.FileName)
	cross := fs.Bool("cross-check", false, "also run `claude plugin validate` and report where its verdict and plugforge's disagree")
	paths, code := parse(fs, args, math.MaxInt)
	if code >= 0 {
		return code
	}
	usage := func(err error) int { fmt.Fprintf(stderr, "plugforge lint: %v\n", err); return exitUsage }
	var cfg *config.Config
	var err error
	if !*noConfig {
		if cfg, err = config.Discover(*cfgPath, "."); err != nil {
			return usage(err)
		}
	}
	units, err := snapshot.ResolveAll(paths, snapshot.Options{})
	if err != nil {
		return usage(err)
	}
	eng, err := lint.New(rules.All(), cfg)
	if err != nil {
		return usage(err)
	}
	findings := eng.Run(units)
	rep := format.Report{Findings: findings, Rules: eng.Rules(), Plugins: len(units), Version: versionString()}
	if err := format.Write(stdout, formatName.value, rep); err != nil {
		return usage(err)
	}
	if *cross {
		if err := crosscheck.Compare(units, findings, stderr); err != nil {
			return usage(fmt.Errorf("--cross-check: %w", err))
		}
	}
	fail, _ := lint.ParseSeverity(failOn.value)
	if lint.AtLeast(findings, fail) {
		return exitFail
	}
	return exitOK
}

// rulesCmd serves `plugforge rules`.
func rulesCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rules", "rules [--format text|json|markdown] [--family NAME]",
		"  plugforge rules\n  plugforge rules --family hooks\n  plugforge rules --format markdown > docs/rules.md\n", stderr)
	formatName := formatFlag(fs, rules.ListFormats)
	family := fs.String("family", "", "only rules of this `family`")
	if _, code := parse(fs, args, 0); code >= 0 {
		return code
	}
	list := rules.OfFamily(*family)
	if len(list) == 0 {
		fmt.Fprintf(stderr, "plugforge rules: no family %q\n", *family)
		return exitUsage
	}
	if err := rules.WriteList(stdout, formatName.value, list); err != nil {
		return failed(stderr, "rules", "", err)
	}
	return exitOK
}

// explainCmd serves `plugforge explain ID|alias`.
func explainCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("explain", "explain RULE", "  plugforge explain HK003\n  plugforge explain hook-root-unquoted\n", stderr)
	pos, code := parse(fs, args, 1)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		fs.Usage()
		return exitUsage
	}
	r, near, ok := rules.Lookup(pos[0])
	if ok {
		io.WriteString(stdout, rules.Explain(r))
		return exitOK
	}
	fmt.Fprintf(stderr, "plugforge explain: no rule %q", pos[0])
	if len(near) > 0 {
		fmt.Fprintf(stderr, "; did you mean: %s", strings.Join(near, ", "))
	}
	fmt.Fprintln(stderr)
	return exitUsage
}
