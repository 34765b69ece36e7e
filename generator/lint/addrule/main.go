package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	dir := flag.String("rules", "generator/lint/rules", "the rules package `dir`")
	in := flag.String("in", "", "the rule `file` of the family to add to (default: the one holding its newest rule)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./generator/lint/addrule [-in FILE] FAMILY ALIAS")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 2 {
		flag.Usage()
		os.Exit(2)
	}
	r, err := Add(*dir, flag.Arg(0), flag.Arg(1), *in)
	if err != nil {
		fmt.Fprintf(os.Stderr, "addrule: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("added %s %s to %s, with %s and %s\n\nnext:\n", r.ID, r.Alias, r.File, r.Fires, r.OK)
	fmt.Printf("  write its Title, Doc, Kinds and Check in %s\n", r.File)
	fmt.Printf("  make %s show the defect and mark the finding; keep %s clean\n", r.Fires, r.OK)
	fmt.Printf("  go test ./generator/lint/rules -run TestRulesDoc -update   # docs/rules.md\n")
	fmt.Printf("  go test ./generator/lint/rules\n")
}
