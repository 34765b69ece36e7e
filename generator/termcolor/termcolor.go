package termcolor

import (
	"io"
	"os"

	"golang.org/x/term"
)

// SGR colour codes for summary lines.
const (
	Green = "32"
	Red   = "31"
)

// Paint wraps s in an ANSI colour when w is a terminal that wants colour.
// Output piped to a file, CI logs and golden tests stay plain bytes.
func Paint(w io.Writer, code, s string) string {
	if !Wanted(w) {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// Wanted follows https://no-color.org: a non-empty NO_COLOR disables
// colour, as does TERM=dumb; otherwise only a terminal gets it.
func Wanted(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
