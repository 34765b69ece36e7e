package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
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
	formatName := fs.String("format", "text", "output `format`: "+strings.Join(format.Formats, ", "))
	failOn := fs.String("fail-on", "error", "exit 1 on findings of this `severity` or higher: error, warning, info")
	cfgPath := fs.String("config", "", "configuration `file` (default ./"+config.FileName+" if present)")
	noConfig := fs.Bool("no-config", false, "ignore "+config.FileName)
	cross := fs.Bool("cross-check", false, "also run `claude plugin validate` and report where its verdict and plugforge's disagree")
	paths, code := parseWithPaths(fs, args)
	if code >= 0 {
		return code
	}
	fail, err := lint.ParseSeverity(*failOn)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge lint: --fail-on: %v\n", err)
		return exitUsage
	}
	if !slices.Contains(format.Formats, *formatName) {
		fmt.Fprintf(stderr, "plugforge lint: unknown --format %q (want %s)\n", *formatName, strings.Join(format.Formats, ", "))
		return exitUsage
	}
	cfg, err := loadConfig(*cfgPath, *noConfig)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge lint: %v\n", err)
		return exitUsage
	}
	units, err := resolveTargets(paths)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge lint: %v\n", err)
		return exitUsage
	}
	eng, err := lint.New(rules.All(), cfg)
	if err != nil {
		fmt.Fprintf(stderr, "plugforge lint: %v\n", err)
		return exitUsage
	}
	findings := eng.Run(units)
	rep := format.Report{Findings: findings, Rules: eng.Rules(), Plugins: len(units), Version: versionString()}
	if err := format.Write(stdout, *formatName, rep); err != nil {
		fmt.Fprintf(stderr, "plugforge lint: %v\n", err)
		return exitUsage
	}
	if *cross && crossCheck(units, findings, stderr) != nil {
		return exitUsage
	}
	if lint.AtLeast(findings, fail) {
		return exitFail
	}
	return exitOK
}

// parseWithPaths parses flags that may come before or after the paths.
func parseWithPaths(fs *flag.FlagSet, args []string) ([]string, int) {
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, exitOK
			}
			return nil, exitUsage
		}
		if fs.NArg() == 0 {
			return paths, -1
		}
		paths = append(paths, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func loadConfig(path string, skip bool) (*config.Config, error) {
	if skip {
		return nil, nil
	}
	if path == "" {
		if path = config.Find("."); path == "" {
			return nil, nil
		}
	}
	return config.Load(path)
}

// resolveTargets loads every PATH, or every variant under ./dist.
func resolveTargets(paths []string) ([]*snapshot.Plugin, error) {
	if len(paths) == 0 {
		if st, err := os.Stat("dist"); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("no PATH given and ./dist does not exist; pass a plugin or marketplace directory")
		}
		paths = []string{"dist"}
	}
	var units []*snapshot.Plugin
	seen := map[string]bool{}
	for _, p := range paths {
		ps, err := snapshot.Resolve(p, filepath.ToSlash(filepath.Clean(p)), snapshot.Options{})
		if err != nil {
			return nil, err
		}
		for _, u := range ps {
			if !seen[u.Root] {
				seen[u.Root] = true
				units = append(units, u)
			}
		}
	}
	return units, nil
}

// crossCheck runs the official validator on each unit and prints, per
// file, where the two verdicts disagree: errors it reports that plugforge
// does not (a parity gap), then files where only plugforge reports errors
// (checks the validator does not make).
func crossCheck(units []*snapshot.Plugin, findings []lint.Finding, stderr io.Writer) error {
	bin := crosscheck.Find()
	if bin == "" {
		fmt.Fprintln(stderr, "plugforge lint: --cross-check: claude not found (set PLUGFORGE_CLAUDE or put claude on PATH)")
		return fmt.Errorf("claude not found")
	}
	ours := map[string][]string{} // absolute file → rule IDs with errors
	for _, f := range findings {
		if f.Severity == lint.Error {
			if abs, err := filepath.Abs(f.Path); err == nil && !slices.Contains(ours[abs], f.Rule) {
				ours[abs] = append(ours[abs], f.Rule)
			}
		}
	}
	errFiles := map[string]bool{}
	for k := range ours {
		errFiles[k] = true
	}
	theirs := map[string]bool{}
	gaps := 0
	for _, u := range units {
		items, err := crosscheck.Validate(bin, u.Root)
		if err != nil {
			fmt.Fprintf(stderr, "plugforge lint: --cross-check %s: %v\n", u.Display, err)
			return err
		}
		for _, it := range items {
			if it.Severity == "error" {
				theirs[it.File] = true
			}
		}
		for _, d := range crosscheck.Missed(items, errFiles) {
			gaps++
			fmt.Fprintf(stderr, "cross-check: %s: claude plugin validate reports %q; plugforge reports no error there\n", d.File, d.Path+": "+d.Message)
		}
	}
	var extra []string
	for file, ids := range ours {
		if !theirs[file] {
			extra = append(extra, fmt.Sprintf("cross-check: %s: only plugforge reports errors (%s)", file, strings.Join(ids, ", ")))
		}
	}
	sort.Strings(extra)
	for _, e := range extra {
		fmt.Fprintln(stderr, e)
	}
	if gaps == 0 {
		fmt.Fprintf(stderr, "cross-check: plugforge reports an error wherever claude plugin validate does (%d plugins)\n", len(units))
	}
	return nil
}

// rulesCmd serves `plugforge rules`.
func rulesCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rules", "rules [--format text|json|markdown] [--family NAME]",
		"  plugforge rules\n  plugforge rules --family hooks\n  plugforge rules --format markdown > docs/rules.md\n", stderr)
	formatName := fs.String("format", "text", "output `format`: text, json or markdown")
	family := fs.String("family", "", "only rules of this `family`")
	if code := parse(fs, args); code >= 0 {
		return code
	}
	all := rules.All()
	var list []lint.Rule
	for _, r := range all {
		if *family == "" || r.Family.Name == *family {
			list = append(list, r)
		}
	}
	if len(list) == 0 {
		fmt.Fprintf(stderr, "plugforge rules: no family %q\n", *family)
		return exitUsage
	}
	switch *formatName {
	case "markdown":
		io.WriteString(stdout, rules.Reference())
	case "json":
		type jr struct {
			ID, Alias, Family, Severity, Title string
			Off                                bool `json:",omitempty"`
		}
		var out []jr
		for _, r := range list {
			out = append(out, jr{r.ID, r.Alias, r.Family.Name, r.Severity.String(), r.Title, r.Off})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	case "text":
		for _, r := range list {
			off := ""
			if r.Off {
				off = " (off by default)"
			}
			fmt.Fprintf(stdout, "%s  %-32s %-16s %-7s %s%s\n", r.ID, r.Alias, r.Family.Name, r.Severity, r.Title, off)
		}
		fmt.Fprintf(stdout, "%d rules\n", len(list))
	default:
		fmt.Fprintf(stderr, "plugforge rules: unknown --format %q (want text, json or markdown)\n", *formatName)
		return exitUsage
	}
	return exitOK
}

// explainCmd serves `plugforge explain ID|alias`.
func explainCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("explain", "explain RULE", "  plugforge explain HK003\n  plugforge explain hook-root-unquoted\n", stderr)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	want := fs.Arg(0)
	for _, r := range rules.All() {
		if strings.EqualFold(r.ID, want) || r.Alias == want {
			io.WriteString(stdout, rules.Explain(r))
			return exitOK
		}
	}
	var near []string
	for _, r := range rules.All() {
		if strings.Contains(r.Alias, want) {
			near = append(near, r.ID+" "+r.Alias)
		}
	}
	sort.Strings(near)
	fmt.Fprintf(stderr, "plugforge explain: no rule %q", want)
	if len(near) > 0 {
		fmt.Fprintf(stderr, "; did you mean: %s", strings.Join(near, ", "))
	}
	fmt.Fprintln(stderr)
	return exitUsage
}
