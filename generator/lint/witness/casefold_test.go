package witness_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// exfatTools are the programs onCaseInsensitive runs: Linux kernels here
// have no CONFIG_UNICODE, so no casefold tmpfs or ext4, but exFAT, which
// ignores letter case, mounts through FUSE from a loop device (the FUSE
// driver refuses a plain image file: "Block device required").
var exfatTools = []string{"losetup", "mkfs.exfat", "mount.exfat-fuse", "umount"}

// onCaseInsensitive copies dir onto an exFAT file system made for the test
// and returns the copy, unmounted and detached when the test ends. It
// skips the test where this machine cannot make one: not root, a tool or
// /dev/fuse missing, no free loop device.
func onCaseInsensitive(t *testing.T, dir string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("skipped: mounting an exFAT image needs root")
	}
	bins := map[string]string{}
	for _, name := range exfatTools {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("skipped: %s is not installed (Debian packages util-linux, exfatprogs, exfat-fuse)", name)
		}
		bins[name] = p
	}
	if _, err := os.Stat("/dev/fuse"); err != nil {
		t.Skipf("skipped: no FUSE device (%v)", err)
	}
	root, err := os.MkdirTemp("", "witness-casefold-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(root) }) // runs last, after the unmount
	img, mnt := filepath.Join(root, "exfat.img"), filepath.Join(root, "mnt")
	require.NoError(t, os.Mkdir(mnt, 0o755))
	f, err := os.Create(img)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(64<<20))
	require.NoError(t, f.Close())
	run(t, bins["mkfs.exfat"], img)
	out, err := exec.Command(bins["losetup"], "--find", "--show", img).CombinedOutput()
	if err != nil {
		t.Skipf("skipped: no loop device for the exFAT image: %v: %s", err, out)
	}
	dev := strings.TrimSpace(string(out))
	t.Cleanup(func() { undo(t, bins["losetup"], "--detach", dev) })
	run(t, bins["mount.exfat-fuse"], dev, mnt)
	t.Cleanup(func() { undo(t, bins["umount"], mnt) })
	plugin := filepath.Join(mnt, "plugin")
	require.NoError(t, copyOver(dir, plugin))
	return plugin
}

// copyOver copies the tree src to dst in lexical order, each file written
// over whatever dst already holds under that name, as cp -r does: on a
// case-insensitive dst, of two names that differ only in case the file
// keeps the first name and the last one's content.
func copyOver(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
}

func run(t *testing.T, bin string, args ...string) {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	require.NoError(t, err, "%s %v: %s", bin, args, out)
}

// undo runs a cleanup step: a failure is reported, and the steps after it
// (cleanups cannot stop the test) still run.
func undo(t *testing.T, bin string, args ...string) {
	t.Helper()
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Errorf("cleanup: %s %v: %v: %s", bin, args, err, out)
	}
}
