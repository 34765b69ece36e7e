package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// Modes a scenario runs in.
const (
	Print       = "print"
	Interactive = "interactive"
)

// Options say how to run the CLI.
type Options struct {
	Claude  string        // the CLI binary
	Keep    bool          // keep the run's directory (HOME, project, recording)
	Timeout time.Duration // per run; 0 means two minutes
	// Settle is how long the stand-in must be idle, every turn taken,
	// before an interactive session is closed; 0 means two seconds.
	Settle time.Duration
	// User runs the CLI as another user (print mode, Unix, as root): how
	// a witness shows what a file the caller could read all the same does
	// to a user who cannot.
	User *User
}

// User is a numeric user and group to run the CLI as.
type User struct{ UID, GID uint32 }

// Result is the outcome of one scenario in one mode.
type Result struct {
	Scenario string    `json:"scenario"`
	File     string    `json:"file,omitempty"`
	Mode     string    `json:"mode"`
	Version  string    `json:"claude_code_version,omitempty"`
	Passed   bool      `json:"passed"`
	Failures []Failure `json:"failures"`
	Seconds  float64   `json:"seconds"`
	Dir      string    `json:"dir,omitempty"` // kept run directory

	PluginDir string      `json:"-"`
	Exchanges []*Exchange `json:"-"`
	Output    *Output     `json:"-"`
	Screen    string      `json:"-"` // interactive: what the terminal showed
	ExitCode  int         `json:"-"`
}

// Failure is one expectation that did not hold, named by its step.
type Failure struct {
	Step    string `json:"step"`
	Message string `json:"message"`
	// Detail is the request and answer where the run diverged, if any.
	Detail string `json:"detail,omitempty"`
}

// apiKey is the dummy key the CLI is given; the stand-in ignores it.
const apiKey = "sk-ant-api03-plugforge-harness-0000000000000000000000"

// Run runs one scenario against the plugin in plugDir, in mode.
func Run(ctx context.Context, sc *Scenario, plugDir, mode string, o Options) (*Result, error) {
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Minute
	}
	plugDir, err := filepath.Abs(plugDir)
	if err != nil {
		return nil, fmt.Errorf("harness: %w", err)
	}
	// The CLI ignores a --plugin-dir that does not exist (2.1.330,
	// observed), which would make every scenario fail for the wrong reason.
	// A directory without .claude-plugin/plugin.json is loaded all the
	// same, named after the directory (2.1.330, observed on a skills-only
	// plugin), so only the directory itself is required.
	if st, err := os.Stat(plugDir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("harness: %s: not a plugin directory", plugDir)
	}
	ws, err := newWorkspace(sc.Files, sc.Changes)
	if err != nil {
		return nil, err
	}
	res := &Result{Scenario: sc.Name, File: sc.Path, Mode: mode, PluginDir: plugDir}
	defer func() {
		if o.Keep {
			res.Dir = ws.root
			return
		}
		_ = os.RemoveAll(ws.root)
	}()
	script := NewScript(sc.Turns, sc.Unscripted)
	script.vars = map[string]string{"plugin_root": plugDir, "project": ws.project}
	srv, err := NewServer(script)
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	env := ws.env(srv.URL(), sc.Env)
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	switch mode {
	case Print:
		args := []string{"-p", sc.Prompt, "--output-format", "stream-json", "--verbose",
			"--plugin-dir", plugDir, "--permission-mode", "bypassPermissions"}
		if supports(o.Claude, "--include-hook-events") {
			args = append(args, "--include-hook-events")
		}
		args = append(args, sc.Args...)
		cmd := exec.CommandContext(ctx, o.Claude, args...)
		cmd.Dir, cmd.Env = ws.project, env
		if o.User != nil {
			if err := runAs(cmd, ws.root, *o.User); err != nil {
				return nil, err
			}
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.WaitDelay = 5 * time.Second
		err = cmd.Run()
		res.Output = ParseOutput(stdout.Bytes())
		res.Screen = stderr.String()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			res.ExitCode = ee.ExitCode()
		case err != nil:
			return nil, fmt.Errorf("harness: run %s: %w", o.Claude, err)
		}
		if ctx.Err() != nil {
			res.Failures = append(res.Failures, Failure{Step: "run", Message: fmt.Sprintf("the CLI did not finish within %s", o.Timeout)})
		}
		_ = os.WriteFile(filepath.Join(ws.root, "stdout.jsonl"), stdout.Bytes(), 0o644)
		_ = os.WriteFile(filepath.Join(ws.root, "stderr.txt"), stderr.Bytes(), 0o644)
	case Interactive:
		if err := runInteractive(ctx, o, ws, env, plugDir, sc, script, srv, res); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("harness: unknown mode %q", mode)
	}
	res.Seconds = time.Since(start).Seconds()
	res.Exchanges = srv.Exchanges()
	if res.Output != nil && res.Output.Init != nil {
		res.Version = res.Output.Init.Version
	}
	res.Failures = append(res.Failures, check(sc, mode, res, script, ws.project)...)
	res.Passed = len(res.Failures) == 0
	if err := writeRecording(filepath.Join(ws.root, "exchanges.jsonl"), res.Exchanges); err != nil {
		return nil, err
	}
	return res, nil
}

// writeRecording keeps every request and answer of a run, one per line.
func writeRecording(path string, ex []*Exchange) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, e := range ex {
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("harness: record: %w", err)
		}
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
