//go:build unix

package harness

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// runAs makes cmd run as u and gives u the run's directory (HOME, the
// project, the temporary dir), which the harness made and removes: the
// CLI writes there. Only root can do either.
func runAs(cmd *exec.Cmd, root string, u User) error {
	err := filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, int(u.UID), int(u.GID))
	})
	if err != nil {
		return fmt.Errorf("harness: give the run to uid %d: %w", u.UID, err)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: u.UID, Gid: u.GID, Groups: []uint32{}}}
	return nil
}
