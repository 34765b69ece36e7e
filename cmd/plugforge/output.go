package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"golang.org/x/term"

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

// SGR colour codes for the summary lines of build and check.
const (
	green = "32"
	red   = "31"
)

// paint wraps s in an ANSI colour when w is a terminal that wants colour.
// Output piped to a file, CI logs and golden tests stay plain bytes.
func paint(w io.Writer, code, s string) string {
	if !colorful(w) {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// colorful follows https://no-color.org: a non-empty NO_COLOR disables
// colour, as does TERM=dumb; otherwise only a terminal gets it.
func colorful(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
