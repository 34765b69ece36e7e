//go:build !unix

package snapshot

import "os"

// readFile is os.ReadFile (readfile_unix.go says why unix systems differ).
func readFile(path string, _ int64) ([]byte, error) { return os.ReadFile(path) }
