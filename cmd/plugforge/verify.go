package main

import "io"

// lintVerifier returns the check each staged variant must pass before it
// replaces dist/<variant>. It is nil until lint is wired in.
func lintVerifier(stderr io.Writer) func(id, dir string) error { return nil }
