package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/plugforge/plugforge/generator/outtree"
)

// failed prints a command's error with the next step when the cause is one
// a user can fix from the command line, and returns exitFail.
func failed(stderr io.Writer, command, src string, err error) int {
	fmt.Fprintf(stderr, "plugforge %s: %v\n", command, err)
	if _, statErr := os.Stat(src); src != "" && errors.Is(statErr, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "  run it from the directory that holds %s, pass --src DIR, or start a plugin with `plugforge init DIR`\n", src)
	}
	return exitFail
}

// refused reports why init or import wrote nothing: a target that holds
// files is a usage error (neither overwrites files; hint says how to pick
// another), anything else a failure.
func refused(stderr io.Writer, command, dir, hint string, err error) int {
	if errors.Is(err, outtree.ErrNotEmpty) {
		fmt.Fprintf(stderr, "plugforge %s: %s is not empty; choose a new or empty directory%s (%s never overwrites files)\n", command, dir, hint, command)
		return exitUsage
	}
	fmt.Fprintf(stderr, "plugforge %s: %v\n", command, err)
	return exitFail
}
