package cliview

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// Runner runs one CLI binary.
type Runner struct {
	Bin string
	// Timeout bounds one run; 0 means DefaultTimeout. The init message
	// comes in about a second; a CLI that prints nothing in this time is
	// stuck (at onboarding, or on the network) and is reported as such.
	Timeout time.Duration
	// RunPluginCode lets the plugin's SessionStart hooks and MCP servers
	// start, as they would for a user. Off, the run sets disableAllHooks
	// and --strict-mcp-config, so listing a third-party plugin runs none
	// of its code (the listing itself does not change).
	RunPluginCode bool
	// ListInstalled makes Marketplace start a session after the installs
	// and record, for each installed entry, what it registers and how its
	// symlinks arrived in the plugin cache (Install.Registered, Links).
	// The session runs the installed plugins' hooks: for our own fixtures.
	ListInstalled bool
}

// DefaultTimeout is Runner.Timeout's default.
const DefaultTimeout = 60 * time.Second

// maxInit bounds the init line: a few kilobytes in practice.
const maxInit = 8 << 20

// List runs the CLI on the plugin at dir and returns what it registered.
func (r Runner) List(ctx context.Context, dir string) (*Listing, error) {
	s, err := r.start(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	defer s.close()
	abs, bin, tmp, timeout := s.abs, s.bin, s.tmp, s.timeout
	ctx = s.ctx
	home, work := filepath.Join(tmp, "home"), filepath.Join(tmp, "work")
	for _, d := range []string{home, work} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return nil, fmt.Errorf("listing %s: %w", dir, err)
		}
	}
	api, err := closedPort()
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	args := []string{"-p", "--debug", "--output-format", "stream-json", "--verbose", "--plugin-dir", abs}
	if !r.RunPluginCode {
		settings := filepath.Join(home, ".claude", "settings.json")
		if err := os.MkdirAll(filepath.Dir(settings), 0o700); err != nil {
			return nil, fmt.Errorf("listing %s: %w", dir, err)
		}
		if err := os.WriteFile(settings, []byte(`{"disableAllHooks": true}`), 0o600); err != nil {
			return nil, fmt.Errorf("listing %s: %w", dir, err)
		}
		args = append(args, "--strict-mcp-config")
	}
	cmd := exec.Command(bin, append(args, "hi")...)
	cmd.Dir = work
	cmd.Env = s.env(home, "ANTHROPIC_API_KEY=dummy", "ANTHROPIC_BASE_URL=http://"+api)
	ownGroup(cmd)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("listing %s: starting %s: %w", dir, r.Bin, err)
	}
	type result struct {
		line  []byte
		hooks []HookRun
		err   error
	}
	got := make(chan result, 1)
	go func() {
		br := bufio.NewReaderSize(io.LimitReader(out, maxInit), 64<<10)
		var hooks []HookRun
		for {
			line, err := br.ReadBytes('\n')
			// Other system messages may come first: SessionStart
			// hooks' (hook_started, hook_response), ui_invalidate.
			if err == nil && systemNotInit(line) {
				if h, ok := hookResponse(line, abs); ok {
					hooks = append(hooks, h)
				}
				continue
			}
			got <- result{line, hooks, err}
			return
		}
	}()
	var res result
	select {
	case res = <-got:
	case <-ctx.Done():
		res.err = fmt.Errorf("no init message within %s", timeout)
	}
	// The init message is all we want: stop the CLI (and anything it
	// started) before it retries the unreachable API.
	killGroup(cmd)
	_ = cmd.Wait()
	if len(bytes.TrimSpace(res.line)) == 0 {
		if res.err == nil || errors.Is(res.err, io.EOF) {
			res.err = errors.New("the CLI printed no init message")
		}
		return nil, fmt.Errorf("listing %s with %s: %w; stderr: %s", dir, r.Bin, res.err, tail(stderr.String()))
	}
	l, err := ParseInit(res.line, abs)
	if err != nil {
		return nil, fmt.Errorf("listing %s with %s: %w", dir, r.Bin, err)
	}
	l.Problems = problems(filepath.Join(home, ".claude", "debug"), abs)
	l.Hooks = sortHooks(res.hooks)
	return l, nil
}

// closedPort is a local address nothing listens on: one the kernel just
// handed out and that was closed again, so a request fails at once.
func closedPort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	return addr, ln.Close()
}

// maxProblem bounds one logged problem, in characters.
const maxProblem = 240

var logLine = lazyre.New(`^\S+ \[(ERROR|WARN)\] (.*)$`)

// problems collects the debug log's errors and warnings about the plugin
// directory, once each, sorted, each cut to maxProblem characters.
func problems(debugDir, plugin string) []string {
	files, _ := filepath.Glob(filepath.Join(debugDir, "*.txt"))
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			m := logLine.FindStringSubmatch(l)
			if m == nil || !strings.Contains(m[2], plugin) {
				continue
			}
			p := m[1] + " " + strings.ReplaceAll(m[2], plugin, "$PLUGIN")
			if r := []rune(p); len(r) > maxProblem {
				// Some carry a whole validation report; its start
				// says what went wrong.
				p = string(r[:maxProblem]) + "…"
			}
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

func tail(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 500 {
		s = "…" + s[len(s)-500:]
	}
	if s == "" {
		return "(empty)"
	}
	return strings.ReplaceAll(s, "\n", " | ")
}
