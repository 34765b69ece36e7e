package harness

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/creack/pty"
	"github.com/plugforge/plugforge/generator/lazyre"
)

// runInteractive runs the scenario in an interactive session: the CLI in
// a pseudo-terminal, the prompt given as its first message. The session
// is closed (Ctrl-C twice, then a kill) once every scripted turn has been
// taken and the stand-in has been idle for Settle, or at the timeout.
func runInteractive(ctx context.Context, o Options, ws *workspace, env []string, plugDir string, sc *Scenario, script *Script, srv *Server, res *Result) error {
	settle := o.Settle
	if settle == 0 {
		settle = 2 * time.Second
	}
	args := append([]string{"--plugin-dir", plugDir, "--permission-mode", "bypassPermissions"}, sc.Args...)
	args = append(args, sc.Prompt)
	cmd := exec.Command(o.Claude, args...)
	cmd.Dir, cmd.Env = ws.project, env
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 200})
	if err != nil {
		return fmt.Errorf("harness: start %s in a pseudo-terminal: %w", o.Claude, err)
	}
	defer tty.Close()
	var (
		mu     sync.Mutex
		screen []byte
	)
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := tty.Read(buf)
			mu.Lock()
			screen = append(screen, buf[:n]...)
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var waitErr error
	done := false
loop:
	for {
		select {
		case waitErr = <-exited:
			done = true
			break loop
		case <-ctx.Done():
			res.Failures = append(res.Failures, Failure{Step: "run", Message: fmt.Sprintf("the session did not settle within %s", o.Timeout)})
			break loop
		case <-tick.C:
			if len(srv.Exchanges()) > 0 && len(script.Unused()) == 0 && srv.Idle() >= settle {
				break loop
			}
		}
	}
	if !done {
		// Ctrl-C twice is how a user leaves an idle session.
		_, _ = io.WriteString(tty, "\x03")
		time.Sleep(300 * time.Millisecond)
		_, _ = io.WriteString(tty, "\x03")
		select {
		case waitErr = <-exited:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			waitErr = <-exited
		}
	}
	var ee *exec.ExitError
	if errors.As(waitErr, &ee) {
		res.ExitCode = ee.ExitCode()
	}
	mu.Lock()
	res.Screen = plain(screen)
	mu.Unlock()
	return os.WriteFile(filepath.Join(ws.root, "screen.txt"), []byte(res.Screen), 0o644)
}

// ansi matches terminal control sequences (CSI, OSC, and two-byte ESC).
var ansi = lazyre.New(`\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]`)

// plain is what the terminal showed, without its control sequences.
func plain(b []byte) string { return ansi.ReplaceAllString(string(b), "") }
