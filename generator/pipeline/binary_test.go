package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// The tests that exec `plugforge` share one binary, built on first use
// into a directory TestMain removes at the end.
var (
	binDir   string
	repoDir  string // absolute repository root, fixed before any test chdirs
	binOnce  sync.Once
	binPath  string
	binBuild error
)

func TestMain(m *testing.M) {
	var err error
	if repoDir, err = filepath.Abs("../.."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if binDir, err = os.MkdirTemp("", "plugforge-bin-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(binDir)
	os.Exit(code)
}

// plugforgeBin returns the path of a plugforge binary built from this tree.
func plugforgeBin(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(goTool); err != nil {
			goTool = "go"
		}
		binPath = filepath.Join(binDir, "plugforge")
		cmd := exec.Command(goTool, "build", "-o", binPath, "./cmd/plugforge")
		cmd.Dir = repoDir
		if out, err := cmd.CombinedOutput(); err != nil {
			binBuild = fmt.Errorf("go build ./cmd/plugforge: %v\n%s", err, out)
		}
	})
	if binBuild != nil {
		t.Fatal(binBuild)
	}
	return binPath
}

// result is what one run of the binary did.
type result struct {
	code           int
	stdout, stderr string
}

// runBin runs plugforge with args in dir; cred, if set, runs it as
// another user (see asNobody).
func runBin(t testing.TB, dir string, cred func(*exec.Cmd), args ...string) result {
	t.Helper()
	cmd := exec.Command(plugforgeBin(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if cred != nil {
		cred(cmd)
	}
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running plugforge %v: %v", args, err)
	}
	return result{code, out.String(), errb.String()}
}
