// Package cliflag holds the flag.Value types the plugforge commands share,
// so cmd/plugforge keeps to declaring flags and printing.
package cliflag
