//go:build !unix

package cliview

import "os/exec"

// ownGroup does nothing where there are no Unix process groups: the
// listing is only recorded on Unix (make tools installs the linux CLI), and
// this file exists so packages that import cliview for Find and its types
// build everywhere plugforge does.
func ownGroup(*exec.Cmd) {}

// killGroup stops cmd alone.
func killGroup(cmd *exec.Cmd) {
	_ = cmd.Process.Kill()
}
