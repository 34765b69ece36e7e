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
	save := flag.String("save", "", "also save the measurement to this `file` (JSON), for -load")
	load := flag.String("load", "", "tally a measurement saved with -save instead of measuring (for re-reviewing verdicts)")
	prior := flag.String("validated", "", "re-lint, but take the validator's verdicts from this measurement saved with -save (same checkouts)")
	flag.Parse()
	fail := func(err error) int { fmt.Fprintf(os.Stderr, "corpus: %v\n", err); return 2 }
	if (*dir == "") == (*load == "") || flag.NArg() > 0 {
		return fail(fmt.Errorf("usage: -corpus DIR | -load FILE [-claude BIN] [-verdicts FILE] [-findings FILE] [-save FILE]"))
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
	if *load != "" {
		f, err := os.Open(*load)
		if err != nil {
			return fail(err)
		}
		c, units, validated, err := corpus.Load(f, *load)
		f.Close()
		if err != nil {
			return fail(err)
		}
		return report(c, units, v, validated, *findings, "")
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
		if *prior == "" {
			fmt.Println("corpus: no validator given: figures without the validator comparison")
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
	o := corpus.Options{Engine: eng, Claude: bin, Jobs: *jobs}
	if *prior != "" {
		f, err := os.Open(*prior)
		if err != nil {
			return fail(err)
		}
		_, saved, _, err := corpus.Load(f, *prior)
		f.Close()
		if err != nil {
			return fail(err)
		}
		o.Prior = corpus.PriorVerdicts(saved)
	}
	units := corpus.Measure(c, o)
	return report(c, units, v, bin != "" || o.Prior != nil, *findings, *save)
}

// report writes the optional files and prints the figures.
func report(c *corpus.Corpus, units []corpus.Unit, v corpus.Verdicts, validated bool, findings, save string) int {
	fail := func(err error) int { fmt.Fprintf(os.Stderr, "corpus: %v\n", err); return 2 }
	write := func(name string, fn func(f *os.File) error) error {
		f, err := os.Create(name)
		if err != nil {
			return err
		}
		err = fn(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if findings != "" {
		if err := write(findings, func(f *os.File) error { return corpus.WriteFindings(f, units, v, validated) }); err != nil {
			return fail(err)
		}
	}
	if save != "" {
		if err := write(save, func(f *os.File) error { return corpus.Save(f, c, units, validated) }); err != nil {
			return fail(err)
		}
	}
	if err := corpus.Write(os.Stdout, corpus.Tally(c, units, v, validated)); err != nil {
		return fail(err)
	}
	return 0
}
