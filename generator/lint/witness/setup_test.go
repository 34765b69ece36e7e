package witness_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/harness"
	"github.com/plugforge/plugforge/generator/lint/witness"
)

// nobody is the user a witness needs besides the caller: the unprivileged
// account most Unix systems have.
var nobody = harness.User{UID: 65534, GID: 65534}

// tampered is the line another user appends to a Tamper file.
const tampered = `echo "line added by another user (uid 65534)"`

// withModes returns the witness's plugin with what git cannot store set:
// the modes (Unreadable, Tamper) and the names that differ only in case
// (Casefold). It is the plugin itself when it needs none of them, else a
// copy in a directory of the test's own that another user can reach.
func withModes(t *testing.T, w witness.Witness) string {
	t.Helper()
	if w.Unreadable == "" && w.Tamper == "" && len(w.Casefold) == 0 {
		return w.Plugin()
	}
	root, err := os.MkdirTemp("", "witness-"+w.Name+"-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	require.NoError(t, os.Chmod(root, 0o755))
	dir := filepath.Join(root, "plugin")
	require.NoError(t, os.CopyFS(dir, os.DirFS(w.Plugin())))
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return os.Chmod(p, 0o755)
	}))
	if w.Unreadable != "" {
		require.NoError(t, os.Chmod(filepath.Join(dir, w.Unreadable), 0))
	}
	if w.Tamper != "" {
		require.NoError(t, os.Chmod(filepath.Join(dir, w.Tamper), 0o777))
	}
	for name, text := range w.Casefold {
		p := filepath.Join(dir, name)
		_, err := os.Stat(p)
		require.ErrorIs(t, err, fs.ErrNotExist, "casefold: %s is in the fixture already: name the file beside it", name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return dir
}

// othersCanRun reports whether a user with no claim on bin (neither its
// owner nor in its group) can reach and run it: every directory on its
// real path and the file itself are executable by others.
func othersCanRun(bin string) bool {
	p, err := filepath.EvalSymlinks(bin)
	if err != nil {
		return false
	}
	for {
		st, err := os.Stat(p)
		if err != nil || st.Mode().Perm()&0o001 == 0 {
			return false
		}
		up := filepath.Dir(p)
		if up == p {
			return true
		}
		p = up
	}
}

// prepare makes the fixture a witness runs and says which user runs the
// CLI: for Unreadable, a user other than root, who reads anything; for
// Tamper, another user first appends a line to the world-writable file;
// for Casefold, the plugin is copied onto a case-insensitive file system.
// It skips the run where this machine cannot make those conditions (no
// root to switch users, no setpriv, no exFAT).
func prepare(t *testing.T, w witness.Witness, bin string) (string, *harness.User) {
	t.Helper()
	dir := withModes(t, w)
	var user *harness.User
	if w.Unreadable != "" && os.Geteuid() == 0 {
		if !othersCanRun(bin) {
			t.Skipf("skipped: uid 65534 cannot run %s (a directory on its path is closed to others)", bin)
		}
		user = &nobody
	}
	if w.Tamper != "" {
		if os.Geteuid() != 0 {
			t.Skip("skipped: showing another user's write needs root to become that user")
		}
		setpriv, err := exec.LookPath("setpriv")
		if err != nil {
			t.Skip("skipped: setpriv is not installed")
		}
		cmd := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups",
			"sh", "-c", `printf '%s\n' "$1" >> "$2"`, "sh", tampered, filepath.Join(dir, w.Tamper))
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "another user could not write the world-writable file: %s", out)
	}
	if len(w.Casefold) > 0 {
		dir = onCaseInsensitive(t, dir)
	}
	return dir, user
}
