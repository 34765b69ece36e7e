package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/plugforge/plugforge/generator/lint/corpus"
	"github.com/plugforge/plugforge/generator/lint/session"
)

func main() { os.Exit(run()) }

func run() int {
	dir := flag.String("corpus", "", "`directory` of checkouts, one per repository, named owner+name")
	claude := flag.String("claude", "", "Claude Code `binary` for `claude plugin validate`; absent or empty skips the comparison")
	verdicts := flag.String("verdicts", "", "reviewed verdicts `file` (tab-separated; see package corpus)")
	findings := flag.String("findings", "", "write the error findings on validator-passing plugins to this `file`, for review")
	jobs := flag.Int("jobs", 2, "validator processes at once")
	flag.Parse()
	fail := func(err error) int { fmt.Fprintf(os.Stderr, "corpus: %v\n", err); return 2 }
	if *dir == "" || flag.NArg() > 0 {
		return fail(fmt.Errorf("usage: -corpus DIR [-claude BIN] [-verdicts FILE] [-findings FILE]"))
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Printf("corpus: skipped: no directory %s (set CORPUS to a directory of plugin checkouts)\n", *dir)
		return 0
	}
	bin := *claude
	if bin != "" {
		if st, err := os.Stat(bin); err != nil || st.IsDir() {
			fmt.Printf("corpus: validator %s not found (make tools installs it): figures without the validator comparison\n", bin)
			bin = ""
		}
	} else {
		fmt.Println("corpus: no validator given: figures without the validator comparison")
	}
	var v corpus.Verdicts
	if *verdicts != "" {
		f, err := os.Open(*verdicts)
		if err != nil {
			return fail(err)
		}
		v, err = corpus.ReadVerdicts(f, *verdicts)
		f.Close()
		if err != nil {
			return fail(err)
		}
	}
	eng, err := session.Engine(session.Options{NoConfig: true})
	if err != nil {
		return fail(err)
	}
	c, err := corpus.Discover(*dir)
	if err != nil {
		return fail(err)
	}
	units := corpus.Measure(c, corpus.Options{Engine: eng, Claude: bin, Jobs: *jobs})
	if *findings != "" {
		f, err := os.Create(*findings)
		if err != nil {
			return fail(err)
		}
		err = corpus.WriteFindings(f, units, v, bin != "")
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fail(err)
		}
	}
	if err := corpus.Write(os.Stdout, corpus.Tally(c, units, v, bin != "")); err != nil {
		return fail(err)
	}
	return 0
}
