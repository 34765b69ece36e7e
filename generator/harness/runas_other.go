//go:build !unix

package harness

import (
	"errors"
	"os/exec"
)

// runAs is Unix only: there is no other user to switch to here.
func runAs(*exec.Cmd, string, User) error {
	return errors.New("harness: running the CLI as another user needs Unix")
}
