package main

// How users get the binary: `go install …@version` and a build of a tagged
// checkout, each checked end to end on a copy of this tree.

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const modulePath = "github.com/plugforge/plugforge"

// TestInstallAndVersion tags a snapshot of this tree v1.2.3 and checks what
// each way of getting plugforge prints for --version:
//
//   - `go install github.com/plugforge/plugforge/cmd/plugforge@v1.2.3`, with
//     the go command fetching the module from the snapshot's git repository
//     (GitHub's address rewritten to it), so the module zip is made by the
//     same code that makes it for the Go module proxy: a file name it refuses,
//     a replace directive or an embed outside the module fails here first;
//   - `go build` of the tagged checkout, as the release build does, and
//     again from a clone at another path, which must give the same bytes;
//   - `go build` after an edit.
func TestInstallAndVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds plugforge five times")
	}
	for _, tool := range []string{"git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	repo, env := snapshotRepo(t)
	git(t, repo, env, "tag", "v1.2.3")
	rev := strings.TrimSpace(git(t, repo, env, "rev-parse", "HEAD"))[:12]

	t.Run("go install at the tag", func(t *testing.T) {
		modcache, gobin := t.TempDir(), t.TempDir()
		cached := strings.TrimSpace(goEnv(t, "GOMODCACHE"))
		proxy := strings.TrimSpace(goEnv(t, "GOPROXY"))
		cmd := exec.Command("go", "install", modulePath+"/cmd/plugforge@v1.2.3")
		cmd.Dir = t.TempDir() // outside any module, as a user runs it
		cmd.Env = append(env,
			"GOPRIVATE="+modulePath, // fetched with git from the snapshot, no checksum database
			// Dependencies come from the local module cache first, so the
			// test needs no network where `go test` has already run.
			"GOPROXY=file://"+filepath.ToSlash(filepath.Join(cached, "cache", "download"))+","+proxy,
			"GOMODCACHE="+modcache, "GOBIN="+gobin, "GOFLAGS=-modcacherw -trimpath",
			"GOTOOLCHAIN=local", "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "go install: %s", out)
		assert.Equal(t, "plugforge v1.2.3\n", runVersion(t, filepath.Join(gobin, "plugforge")))
	})

	t.Run("build of the tagged checkout", func(t *testing.T) {
		assert.Equal(t, "plugforge v1.2.3 (commit "+rev+")\n", buildAndVersion(t, repo, env))
	})

	t.Run("same commit from another path gives the same bytes", func(t *testing.T) {
		clone := filepath.Join(t.TempDir(), "elsewhere")
		git(t, repo, env, "clone", "-q", repo, clone)
		a, err := os.ReadFile(build(t, repo, env))
		require.NoError(t, err)
		b, err := os.ReadFile(build(t, clone, env))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(a, b), "two builds of one commit differ: a local path or a build time is in the binary")
		assert.NotContains(t, string(a), repo, "the binary holds the checkout's path")
	})

	t.Run("build of an edited checkout", func(t *testing.T) {
		f, err := os.OpenFile(filepath.Join(repo, "README.md"), os.O_APPEND|os.O_WRONLY, 0)
		require.NoError(t, err)
		_, err = f.WriteString("\nan edit\n")
		require.NoError(t, err)
		require.NoError(t, f.Close())
		assert.Equal(t, "plugforge v1.2.3+dirty (commit "+rev+", modified)\n", buildAndVersion(t, repo, env))
	})
}

// snapshotRepo copies the files git would commit from this checkout (tracked
// and untracked-but-not-ignored, as they are on disk now) into a new
// repository with one commit. The tests then build what is being tested, not
// the last commit, and the go command finds a .git directory to stamp from
// (it does not follow the .git file of a linked worktree: golang/go#58218).
// env is the environment for git and go in it: a private git configuration
// that also points GitHub's address of the module at the snapshot.
func snapshotRepo(t *testing.T) (string, []string) {
	t.Helper()
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skip("not a git checkout")
	}
	src := strings.TrimSpace(string(top))
	files, err := exec.Command("git", "-C", src, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	require.NoError(t, err)

	dst := filepath.Join(t.TempDir(), "plugforge")
	for _, rel := range strings.Split(strings.TrimRight(string(files), "\x00"), "\x00") {
		copyFile(t, filepath.Join(src, rel), filepath.Join(dst, rel))
	}

	gitconfig := filepath.Join(t.TempDir(), "gitconfig")
	config := "[user]\n\tname = test\n\temail = test@example.com\n" +
		"[init]\n\tdefaultBranch = main\n" +
		"[url \"file://" + filepath.ToSlash(dst) + "\"]\n\tinsteadOf = https://" + modulePath + "\n" +
		// The go command refuses file:// remotes unless told otherwise.
		"[protocol \"file\"]\n\tallow = always\n"
	require.NoError(t, os.WriteFile(gitconfig, []byte(config), 0o644))
	// HOME stays: the go command keeps its build cache and module cache
	// there.
	env := append(os.Environ(),
		"GIT_CONFIG_GLOBAL="+gitconfig, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE=2026-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2026-01-02T03:04:05Z")
	git(t, dst, env, "init", "-q")
	git(t, dst, env, "add", "-A")
	git(t, dst, env, "commit", "-q", "--no-verify", "-m", "snapshot")
	return dst, env
}

// copyFile copies one file, keeping its mode, or recreates a symlink. A
// tracked file deleted from the work tree is skipped, as a commit would.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	info, err := os.Lstat(from)
	if os.IsNotExist(err) {
		return
	}
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	if info.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(from)
		require.NoError(t, err)
		require.NoError(t, os.Symlink(target, to))
		return
	}
	data, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(to, data, info.Mode().Perm()))
}

func git(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "git %s: %s", strings.Join(args, " "), stderr.String())
	return string(out)
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	require.NoError(t, err)
	return string(out)
}

// build builds ./cmd/plugforge in repo as a release build does (-trimpath,
// VCS stamping on, no cgo, the release's ldflags) and returns the binary.
func build(t *testing.T, repo string, env []string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "plugforge")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=true", "-ldflags=-s -w", "-o", bin, "./cmd/plugforge")
	cmd.Dir, cmd.Env = repo, append(env, "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

func buildAndVersion(t *testing.T, repo string, env []string) string {
	t.Helper()
	return runVersion(t, build(t, repo, env))
}

func runVersion(t *testing.T, bin string) string {
	t.Helper()
	out, err := exec.Command(bin, "--version").Output()
	require.NoError(t, err)
	return string(out)
}
