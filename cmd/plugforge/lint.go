package main

import (
	"fmt"
	"io"
)

// Stubs replaced by the lint implementation.
func lintCmd(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "plugforge lint: not built yet")
	return 2
}
func rulesCmd(args []string, stdout, stderr io.Writer) int   { return lintCmd(args, stdout, stderr) }
func explainCmd(args []string, stdout, stderr io.Writer) int { return lintCmd(args, stdout, stderr) }
