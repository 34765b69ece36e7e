package main

import (
	"fmt"
	"io"
)

func statsCmd(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "plugforge stats: not built yet")
	return 2
}
