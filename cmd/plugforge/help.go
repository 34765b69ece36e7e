package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// helpCmd serves `plugforge help <command>`: the command's own -h text, on
// stdout because it was asked for.
func helpCmd(name string, stdout, stderr io.Writer) int {
	for _, c := range commands {
		if c.name == name {
			c.run([]string{"-h"}, stdout, stdout)
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "plugforge help: unknown command %q; run `plugforge help` for the list\n", name)
	return exitUsage
}

// failed prints a command's error with the next step when the cause is one
// a user can fix from the command line, and returns exitFail.
func failed(stderr io.Writer, command, src string, err error) int {
	fmt.Fprintf(stderr, "plugforge %s: %v\n", command, err)
	if _, statErr := os.Stat(src); errors.Is(statErr, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "  run it from the directory that holds %s, pass --src DIR, or start a plugin with `plugforge init DIR`\n", src)
	}
	return exitFail
}
