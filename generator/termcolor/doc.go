// Package termcolor colours the summary lines of the plugforge commands
// when, and only when, they go to a terminal that wants colour. It lives
// outside cmd/plugforge so the command stays a thin layer of flags and
// printing.
package termcolor
