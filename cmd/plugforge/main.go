// Command plugforge renders a Claude Code plugin from plugin-src/ into dist/,
// checks that dist/ is in step with its sources, and lints plugins.
//
// main only parses flags and prints; the work lives in generator/.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/plugforge/plugforge/generator/buildinfo"
)

type subcommand struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

// commands is the explicit subcommand table, in help order.
var commands = []subcommand{
	{"build", "render plugin-src/ into dist/<variant>/ for every variant", buildCmd},
	{"check", "report files of dist/ that are out of step with their sources", checkCmd},
	{"lint", "lint plugins (default: every variant in dist/)", lintCmd},
	{"rules", "list the lint rules", rulesCmd},
	{"explain", "print the documentation of one lint rule", explainCmd},
	{"stats", "print size, context-cost and reuse figures for plugin-src", statsCmd},
	{"graph", "draw the workflow (commands, skills, agents, hooks) as Mermaid or DOT", graphCmd},
	{"init", "scaffold a new plugin-src that builds at once", initCmd},
	{"import", "turn a hand-written plugin into a plugin-src that builds back to it", importCmd},
	{"test", "run a plugin in Claude Code with a scripted model: scenarios, or --smoke", testCmd},
}

// version overrides the module version when a packager stamps one with
// -ldflags "-X main.version=…" (generator/buildinfo says when it wins).
var version = "dev"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	help := stderr // where a command prints its -h text
	switch {
	case len(args) == 0:
		usage(stdout)
		return exitUsage
	case len(args) == 2 && args[0] == "help":
		// A command's own -h text, on stdout because it was asked for.
		args, help = []string{args[1], "-h"}, stdout
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		usage(stdout)
		return exitOK
	case args[0] == "--version" || args[0] == "version":
		fmt.Fprintln(stdout, "plugforge", buildinfo.Version(version))
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, help)
		}
	}
	fmt.Fprintf(stderr, "plugforge: unknown command %q; run `plugforge help` for the list\n", args[0])
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: plugforge <command> [flags]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun `plugforge help <command>` (or `plugforge <command> -h`) for its flags and examples.")
}
